/**
 * A price escalation screen's state (R-ESC-1..R-ESC-7): the form, the preview (current only while
 * the form still asks what was previewed), Apply and Reverse, each asked first, and the history.
 */
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  Escalation,
  EscalationKind,
  EscalationPreview,
} from '@dispatch/domain/pricing/price-escalation';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import {
  applyEscalation,
  escalationHistoryQuery,
  escalationKeys,
  previewEscalation,
  reverseEscalation,
} from './price-escalation-api';
import {
  emptyEscalationForm,
  errorsOf,
  requestOf,
  type EscalationForm,
  type FieldErrors,
} from './price-escalation-form';

export function usePriceEscalation(kind: EscalationKind) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<EscalationForm>(emptyEscalationForm);
  const [preview, setPreview] = useState<{ key: string; answer: EscalationPreview } | null>(null);
  // R-INPUT-1: nothing is previewed or applied while the amount holds text it refused.
  const refusedNumbers = useRefusedNumbers();
  const [confirming, setConfirming] = useState(false);
  const [reversing, setReversing] = useState<Escalation | null>(null);
  const [problems, setProblems] = useState<{ fields: FieldErrors; message: string } | null>(null);
  const history = useQuery(escalationHistoryQuery(kind));

  const request = requestOf(kind, form);
  const requestKey = JSON.stringify(request);
  const previewIsCurrent = preview !== null && preview.key === requestKey;
  const update = (patch: Partial<EscalationForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblems(null);
  };

  const previewing = useMutation({
    mutationFn: previewEscalation,
    onSuccess: (answer, sent) => {
      setPreview({ key: JSON.stringify(sent), answer });
      setProblems(null);
    },
    onError: (error) => setProblems(errorsOf(error)),
  });
  const applying = useMutation({
    mutationFn: applyEscalation,
    onSuccess: (escalation) => {
      setConfirming(false);
      setPreview(null);
      notifications.show({
        color: 'green',
        message: t('priceEscalation.applied', {
          count: escalation.rowCount,
          date: escalation.effectiveDate,
        }),
      });
      void queryClient.invalidateQueries({ queryKey: escalationKeys.all });
    },
    onError: (error) => {
      setConfirming(false);
      setProblems(errorsOf(error));
    },
  });
  const reverse = useMutation({
    mutationFn: (escalation: Escalation) => reverseEscalation(escalation.id),
    onSuccess: (escalation) => {
      setReversing(null);
      notifications.show({
        color: 'green',
        message: t('priceEscalation.reversed', { count: escalation.rowCount }),
      });
      void queryClient.invalidateQueries({ queryKey: escalationKeys.all });
    },
    onError: (error) => {
      setReversing(null);
      notifications.show({
        color: 'red',
        title: t('priceEscalation.reverseFailed'),
        message: error.message,
      });
    },
  });

  const fieldError = (field: string) => problems?.fields[field];
  const selectionError = Object.entries(problems?.fields ?? {})
    .filter(([field]) => field.startsWith('selection'))
    .map(([, reason]) => reason)
    .join('; ');
  const otherProblem =
    problems && Object.keys(problems.fields).length === 0 ? problems.message : undefined;
  const canPreview =
    typeof form.amount === 'number' && form.amount > 0 && form.effectiveDate !== '';

  return {
    form,
    update,
    history,
    preview,
    previewIsCurrent,
    previewing: previewing.isPending,
    canPreview,
    refusedNumbers,
    fieldError,
    selectionError,
    otherProblem,
    confirming,
    setConfirming,
    reversing,
    setReversing,
    onPreview: () => {
      if (!refusedNumbers.focusFirst()) previewing.mutate(request);
    },
    onApply: () => {
      if (!refusedNumbers.focusFirst()) setConfirming(true);
    },
    onConfirm: () => applying.mutate(request),
    onConfirmReverse: () => reversing && reverse.mutate(reversing),
  };
}

export type PriceEscalation = ReturnType<typeof usePriceEscalation>;
