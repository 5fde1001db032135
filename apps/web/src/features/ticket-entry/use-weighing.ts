/**
 * R-SCALE-4, R-SCALE-6: the aggregate screen's weighing: the gross (Space) and tare (T) taken from
 * the scale, a truck without a usable stored tare weighed in empty (the form is then free for the
 * next truck), and a weighed-in truck picked back from the waiting list for its second pass.
 */
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TicketEntryChoices } from '@dispatch/domain/dispatch/ticket-entry';
import type { WeighIn } from '@dispatch/domain/tickets/scale-weighings';
import type { ScaleState } from '../../realtime/use-scale';
import { formatWeight } from './ticket-parts';
import type { EntryValues } from './ticket-entry-values';
import { useTakeWeight } from './use-take-weight';

export function useWeighing(options: {
  form: UseFormReturn<EntryValues>;
  choices: TicketEntryChoices | undefined;
  plantId: number | null;
  scale: ScaleState;
  /** Reads the screen's choices again (the waiting list among them). */
  refresh: () => void;
}) {
  const { t } = useTranslation();
  const { form, choices } = options;
  const taking = useTakeWeight(form, options.plantId, options.scale.reading);
  const [weighedIn, setWeighedIn] = useState<string | null>(null);

  const weighIn = async (truckId: number) => {
    const taken = await taking.take('tare', truckId);
    if (!taken) return;
    const truck = choices?.trucks.find((row) => row.id === truckId);
    setWeighedIn(
      t('ticketEntry.weighedIn', {
        truck: truck?.identificationNumber ?? truckId,
        weight: formatWeight(taken.weight, taken.unit),
      }),
    );
    form.setValue('truckId', null);
    form.setValue('tareWeight', null);
    form.setValue('tareWeighingId', null);
    form.setValue('tareSource', 'truck');
    options.refresh();
  };

  const pickWeighIn = (picked: WeighIn) => {
    setWeighedIn(null);
    form.setValue('truckId', picked.truckId);
    form.setValue('tareWeight', picked.weight);
    form.setValue('tareWeighingId', picked.weighingId);
    form.setValue('tareSource', 'weighed');
    form.clearErrors(['truckId', 'tareWeight']);
  };

  return {
    taking,
    takeGross: () => void taking.take('gross'),
    weighTare: () => void taking.take('tare'),
    weighIn,
    pickWeighIn,
    weighedIn,
    clearWeighedIn: () => setWeighedIn(null),
  };
}
