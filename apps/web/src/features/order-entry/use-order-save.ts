/**
 * Saving the order: checked with the domain's schema first, the server's refusals beside their
 * fields, a stale save offered a reload (R-CONC-1).
 */
import { notifications } from '@mantine/notifications';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { askYesNo } from '../../components/dialogs/dialog-store';
import type { RefusedNumbers } from '../../components/number-field/refused-numbers';
import type { useRequestPrefill } from '../../data/order-requests/use-request-prefill';
import { ApiError } from '../../lib/api-client';
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import { orderKeys } from '../../data/orders/order-queries';
import { saveOrder, type OrderDetail } from './order-entry-api';
import {
  bodyProblems,
  orderBody,
  orderValues,
  type OrderValues,
  type PlantTimes,
} from './order-entry-form';
import { problemsOf } from './order-entry-records';

export function useOrderSave({
  form,
  orderId,
  isNew,
  systemTypeId,
  flags,
  order,
  plants,
  canWrite,
  readOnly,
  refusedNumbers,
  prefill,
  setSaving,
  setFormError,
  setSavedElsewhere,
  setCreated,
}: {
  form: UseFormReturn<OrderValues>;
  orderId: number | undefined;
  isNew: boolean;
  systemTypeId: SystemTypeId;
  flags: PermissionFlags;
  order: UseQueryResult<OrderDetail>;
  plants: Map<number, PlantTimes>;
  canWrite: boolean;
  readOnly: boolean;
  refusedNumbers: RefusedNumbers;
  prefill: ReturnType<typeof useRequestPrefill>;
  setSaving: (saving: boolean) => void;
  setFormError: (error: string | null) => void;
  setSavedElsewhere: (user: string | null) => void;
  setCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showProblems = (problems: FieldProblem[]) => {
    const known = new Set(Object.keys(form.getValues()));
    const unplaced: string[] = [];
    problems.forEach((problem, index) => {
      const root = problem.field.split('.')[0] ?? '';
      if (!known.has(root) || problem.field.endsWith('systemTypeId')) {
        unplaced.push(`${problem.field}: ${problem.reason}`);
        return;
      }
      form.setError(
        problem.field as 'customerId',
        { type: 'server', message: problem.reason },
        { shouldFocus: index === 0 },
      );
    });
    if (unplaced.length > 0) setFormError(unplaced.join(' · '));
  };

  const reload = async () => {
    setSavedElsewhere(null);
    const fresh = await order.refetch();
    if (fresh.data) form.reset(orderValues(fresh.data));
  };

  const handleSave = form.handleSubmit(async (formValues) => {
    if (!canWrite || readOnly) return;
    // R-INPUT-1: a number field holding text it refused is not saved; the field says why.
    if (refusedNumbers.focusFirst()) return;
    setFormError(null);
    form.clearErrors();
    const body = orderBody(formValues, systemTypeId, flags, order.data, plants);
    const problems = bodyProblems(body);
    if (problems.length > 0) {
      showProblems(problems);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveOrder(orderId, body);
      queryClient.setQueryData(orderKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: orderKeys.history(saved.id) });
      form.reset(orderValues(saved));
      setSavedElsewhere(null);
      notifications.show({
        color: 'teal',
        title: t('orderEntry.savedTitle', { number: saved.number }),
        message: t('orderEntry.savedText', {
          customer: saved.customerName,
          shipDate: saved.shipDate.slice(0, 10),
        }),
      });
      if (isNew) await prefill.linkSavedOrder(saved);
      if (isNew) setCreated(saved.id);
    } catch (error) {
      const problems = problemsOf(error);
      if (problems.length > 0) showProblems(problems);
      else if (error instanceof ApiError && error.status === 409 && !isNew) {
        const answer = await askYesNo({
          title: t('resource.conflictTitle', { defaultValue: 'Changed by someone else' }),
          text: error.message,
          confirmText: t('resource.reload', { defaultValue: 'Reload' }),
          denyText: t('resource.keepEditing', { defaultValue: 'Keep my changes' }),
        });
        if (answer === 'yes') await reload();
        else setFormError(error.message);
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setSaving(false);
    }
  });

  return { handleSave, reload };
}
