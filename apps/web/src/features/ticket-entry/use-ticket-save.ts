/** R-TENT-10/11: saving a ticket (checked first), then printing it. */
import type { UseFormReturn } from 'react-hook-form';
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import { useTranslation } from 'react-i18next';
import {
  blockCountProblems,
  ticketEntrySchema,
  weightProblems,
  type TicketEntryChoices,
  type TicketEntryInput,
} from '@dispatch/domain/dispatch/ticket-entry';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { ScaleWeightUnit } from '@dispatch/domain/plants/scale';
import type { RefusedNumbers } from '../../components/number-field/refused-numbers';
import { openTicketPdf, postTicket, type WrittenTicket } from './ticket-entry-api';
import { blank, fieldNames, numberOf, problemsOf, type EntryValues } from './ticket-entry-values';

export function useTicketSave({
  form,
  aggregate,
  flags,
  refusedNumbers,
  saving,
  setSaving,
  setSaved,
  setFormError,
  gross,
  tare,
  choices,
  weightUnit,
  count,
}: {
  form: UseFormReturn<EntryValues>;
  aggregate: boolean;
  flags: PermissionFlags;
  refusedNumbers: RefusedNumbers;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  setSaved: (ticket: WrittenTicket) => void;
  setFormError: (error: string | null) => void;
  gross: number | null;
  tare: number | null;
  choices: TicketEntryChoices | undefined;
  weightUnit: ScaleWeightUnit;
  count: Parameters<typeof blockCountProblems>[0];
}) {
  const { t } = useTranslation();
  const showProblems = (problems: FieldProblem[]) => {
    const unplaced: string[] = [];
    problems.forEach((problem, index) => {
      if (!fieldNames.has(problem.field)) {
        unplaced.push(problem.reason);
        return;
      }
      form.setError(
        problem.field as keyof EntryValues,
        { type: 'server', message: problem.reason },
        { shouldFocus: index === 0 },
      );
    });
    if (unplaced.length > 0) setFormError(unplaced.join(' · '));
  };

  const bodyOf = (current: EntryValues): TicketEntryInput =>
    aggregate
      ? {
          systemTypeId: 2,
          orderId: current.orderId as number,
          plantId: current.plantId as number,
          truckId: current.truckId,
          grossWeight: numberOf(current.grossWeight) as number,
          tareWeight: numberOf(current.tareWeight) as number,
          tareSource: current.tareSource,
          grossWeighingId: current.grossWeighingId,
          tareWeighingId: current.tareWeighingId,
          cod: current.cod,
        }
      : {
          systemTypeId: 3,
          orderId: current.orderId as number,
          plantId: current.plantId as number,
          truckId: current.truckId,
          cubes: numberOf(current.cubes) ?? 0,
          pieces: numberOf(current.pieces) ?? 0,
          returnFlag: current.returnFlag,
          cod: current.cod,
        };

  const print = async (ticket: WrittenTicket) => {
    try {
      await openTicketPdf(ticket);
    } catch (error) {
      setFormError(
        t('ticketEntry.printFailed', {
          status: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  };

  /** R-TENT-10/11: save and print in one key; the plant and order stay for the next truck. */
  const handleSave = async () => {
    if (saving || !flags.full) return;
    // R-INPUT-1: a weight or count holding text it refused is not saved; the field says why.
    if (refusedNumbers.focusFirst()) return;
    setFormError(null);
    form.clearErrors();
    const current = form.getValues();
    const body = bodyOf(current);
    const parsed = ticketEntrySchema.safeParse(body);
    const problems: FieldProblem[] = parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          field: String(issue.path[0] ?? ''),
          reason: issue.message,
        }));
    if (parsed.success && aggregate && gross !== null && tare !== null) {
      problems.push(
        ...weightProblems(
          { grossWeight: gross, tareWeight: tare },
          choices
            ? {
                capacity: choices.plant.scaleCapacity,
                division: choices.plant.scaleDivision,
                unit: weightUnit,
              }
            : null,
        ),
      );
    }
    if (parsed.success && !aggregate) problems.push(...blockCountProblems(count));
    if (problems.length > 0) {
      showProblems(problems);
      return;
    }
    setSaving(true);
    try {
      const ticket = await postTicket(body);
      setSaved(ticket);
      form.reset({
        ...blank,
        plantId: current.plantId,
        orderId: current.orderId,
      });
      // R-TENT-12: a plant that prints its tickets by itself has this one on its way to the
      // printer (the reply shows beside it); elsewhere the print window opens.
      if (!ticket.printing) await print(ticket);
    } catch (error) {
      const answerProblems = problemsOf(error);
      if (answerProblems.length > 0) showProblems(answerProblems);
      else setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return { handleSave, print };
}
