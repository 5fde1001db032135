/**
 * R-SCALE-4: taking a weight from the pit's scale. The dispatcher takes it from the reading the
 * screen shows (TakeScaleWeight) and keeps it with its indicator frame; the form keeps the weight
 * and its id, which the save sends. Only a stable reading is offered; pressing the key on any
 * other says why nothing was taken, in the screen's language.
 */
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ScaleReading } from '@dispatch/domain/dispatch/dispatch-events';
import { takenWeightSchema, type TakenWeight } from '@dispatch/domain/tickets/scale-weighings';
import { askDispatchHub, HubOfflineError } from '../../realtime/dispatch-hub';
import type { EntryValues } from './ticket-entry-values';

export type TakeWeight = {
  /** Why the last take was refused, while the scale still reads as it did; null otherwise. */
  refusal: string | null;
  taking: boolean;
  take(kind: 'gross' | 'tare', truckId?: number | null): Promise<TakenWeight | null>;
  clearRefusal(): void;
};

export function useTakeWeight(
  form: UseFormReturn<EntryValues>,
  plantId: number | null,
  reading: ScaleReading | null,
): TakeWeight {
  const { t } = useTranslation();
  // A refusal holds while the scale reads as it did then: once it settles, it no longer applies.
  const [refused, setRefused] = useState<{ message: string; status: string | null } | null>(null);
  const [taking, setTaking] = useState(false);
  const setRefusal = (message: string | null, status = reading?.status ?? null) =>
    setRefused(message === null ? null : { message, status });
  const refusal =
    refused && (refused.status === null || refused.status === reading?.status)
      ? refused.message
      : null;

  const take: TakeWeight['take'] = async (kind, truckId = null) => {
    if (plantId === null || taking) return null;
    if (!reading) {
      setRefusal(t('ticketEntry.refused.waiting'), null);
      return null;
    }
    if (!reading.stable) {
      const status = reading.status === 'ok' ? 'motion' : reading.status;
      setRefusal(t(`ticketEntry.refused.${status}`));
      return null;
    }
    setTaking(true);
    try {
      const taken = await askDispatchHub(
        takenWeightSchema,
        'TakeScaleWeight',
        plantId,
        kind,
        truckId,
      );
      setRefusal(null);
      const field = kind === 'gross' ? 'grossWeight' : 'tareWeight';
      form.setValue(field, taken.weight);
      form.setValue(kind === 'gross' ? 'grossWeighingId' : 'tareWeighingId', taken.weighingId);
      if (kind === 'tare') form.setValue('tareSource', 'weighed');
      form.clearErrors(field);
      return taken;
    } catch (error) {
      // The dispatcher names the rule the weight broke (Handbook 44).
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof HubOfflineError) setRefusal(t('ticketEntry.refused.offline'), null);
      else setRefusal(message.replace(/^TakeScaleWeight: /, ''));
      return null;
    } finally {
      setTaking(false);
    }
  };

  return { refusal, taking, take, clearRefusal: () => setRefusal(null) };
}
