import { act, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../test/render';
import { PlantDetailsPanel } from './plant-details-panel';

let form: UseFormReturn<FieldValues>;

function Harness({ values }: { values: FieldValues }) {
  const own = useForm<FieldValues>({ defaultValues: values });
  // The test drives the form as the generic form page would.
  useEffect(() => {
    form = own;
  }, [own]);
  return <PlantDetailsPanel record={undefined} form={own} readOnly={false} />;
}

async function renderPanel(values: FieldValues) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderWithProviders(
    <QueryClientProvider client={client}>
      <Harness values={values} />
    </QueryClientProvider>,
  );
}

const concretePlant = {
  systemTypeId: 1,
  concretePlant: [{ id: 7, numberOfAlleys: 3, nextTicketNumber: 1200 }],
  aggregatePit: [],
};

/** The plant form's details tab shows only the details of the plant's system type (R-MAINT-13). */
describe('PlantDetailsPanel', () => {
  beforeEach(() => vi.stubGlobal('fetch', fakeFetch()));
  afterEach(() => vi.unstubAllGlobals());

  it('shows a concrete plant its concrete plant details only, as loaded', async () => {
    await renderPanel(concretePlant);
    expect(screen.getByRole('group', { name: 'Concrete plant' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Aggregate pit' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Number of alleys/)).toHaveValue('3');
    expect(form.formState.isDirty).toBe(false);
  });

  it('swaps the details when the system type changes, and restores them when it changes back', async () => {
    await renderPanel(concretePlant);
    act(() => form.setValue('systemTypeId', 2, { shouldDirty: true }));

    expect(await screen.findByRole('group', { name: 'Aggregate pit' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Concrete plant' })).not.toBeInTheDocument();
    expect(form.getValues('concretePlant')).toEqual([]);
    expect(form.getValues('aggregatePit')).toEqual([
      expect.objectContaining({ nextTicketNumber: 1, nextBillOfLadingNumber: 1, zone: '' }),
    ]);

    act(() => form.setValue('systemTypeId', 1, { shouldDirty: true }));
    expect(await screen.findByRole('group', { name: 'Concrete plant' })).toBeInTheDocument();
    expect(form.getValues('concretePlant')).toEqual(concretePlant.concretePlant);
    expect(form.getValues('aggregatePit')).toEqual([]);
  });

  it('says a block plant has no further details', async () => {
    await renderPanel({ systemTypeId: 3, concretePlant: [], aggregatePit: [] });
    expect(
      screen.getByText('Only concrete plants and aggregate pits have further details.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
