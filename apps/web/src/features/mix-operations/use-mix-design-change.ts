/**
 * Global Mix Design Change's state (R-MIX-7..R-MIX-14): the form, the mixes it matches, the
 * preview (current only while the form still asks what was previewed), and Apply, which sends
 * the previewed versions so a mix changed since is refused rather than overwritten.
 */
import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  MixChangePreview,
  MixChangeRequestInput,
} from '@dispatch/domain/mixes/mix-design-change';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { ApiError } from '../../lib/api-client';
import { fieldProblemsOf, type FieldProblems } from '../../lib/field-problems';
import { useMixAccess } from './mix-access';
import { emptyMixChangeForm, filtersOf, requestOf, type MixChangeForm } from './mix-change-form';
import { mixChangeText } from './mix-change-text';
import {
  applyMixChange,
  mixChoicesQuery,
  mixKeys,
  mixListQuery,
  previewMixChange,
} from './mix-operations-api';
import { useMixOperationsLive } from './use-mix-operations-live';

/** How many matching mixes the list shows (and the clerk may untick). */
const listLimit = 500;

export function useMixDesignChange() {
  const { t, i18n } = useTranslation();
  const flags = useMixAccess('GlobalMixDesignChange');
  const queryClient = useQueryClient();
  const choices = useQuery({ ...mixChoicesQuery(), enabled: !flags.none });
  const [form, setForm] = useState<MixChangeForm>(emptyMixChangeForm);
  const [preview, setPreview] = useState<{
    key: string;
    request: MixChangeRequestInput;
    answer: MixChangePreview;
  } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // R-INPUT-1: nothing is previewed or applied while a number holds text it refused.
  const refusedNumbers = useRefusedNumbers();
  useMixOperationsLive();
  const [debouncedSearch] = useDebouncedValue(form.search, 200);
  const mixes = useQuery(mixListQuery(filtersOf(form, debouncedSearch), listLimit, !flags.none));
  const request = requestOf(
    form,
    (mixes.data?.data ?? []).map((row) => row.id),
  );
  const requestKey = JSON.stringify(request);
  const previewIsCurrent = preview !== null && preview.key === requestKey;
  const update = (patch: Partial<MixChangeForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblems({});
    setFailure(null);
  };

  const showFailure = (error: Error) => {
    const fields = fieldProblemsOf(error);
    setProblems(fields);
    setFailure(Object.keys(fields).length > 0 ? null : error.message);
  };
  const previewing = useMutation({
    mutationFn: previewMixChange,
    onSuccess: (answer, sent) => {
      setPreview({ key: JSON.stringify(sent), request: sent, answer });
      setProblems({});
      setFailure(null);
    },
    onError: showFailure,
  });
  const applying = useMutation({
    mutationFn: applyMixChange,
    onSuccess: (change) => {
      setConfirming(false);
      setPreview(null);
      notifications.show({
        color: 'green',
        message: t('mixOperations.change.appliedText', {
          count: change.mixCount,
          change: mixChangeText(t, i18n.language, change),
        }),
      });
      void queryClient.invalidateQueries({ queryKey: mixKeys.all });
    },
    onError: (error) => {
      setConfirming(false);
      // A mix changed since the preview: what was previewed is no longer what would be written.
      if (error instanceof ApiError && error.status === 409) setPreview(null);
      showFailure(error);
    },
  });

  const onPreview = () => {
    if (!refusedNumbers.focusFirst()) previewing.mutate(request);
  };
  const onApply = () => {
    if (!refusedNumbers.focusFirst()) setConfirming(true);
  };
  const onConfirm = () =>
    preview &&
    applying.mutate({
      ...preview.request,
      versions: preview.answer.mixes.map((mix) => ({
        mixId: mix.mixId,
        version: mix.version,
      })),
    });

  return {
    flags,
    choices,
    form,
    update,
    mixes,
    preview,
    previewIsCurrent,
    previewing: previewing.isPending,
    confirming,
    setConfirming,
    problems,
    failure,
    refusedNumbers,
    onPreview,
    onApply,
    onConfirm,
  };
}

export type MixDesignChange = ReturnType<typeof useMixDesignChange>;
