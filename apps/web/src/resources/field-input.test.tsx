/**
 * R-INPUT-1 in the resource forms: a number field refuses letters beside itself, and the record's
 * own schema (the form's resolver) then refuses the save until the field is corrected.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plantResource } from '@dispatch/domain/resources/plants';
import { renderWithProviders } from '../test/render';
import { FieldInput } from './field-input';

/** The plant's own rule for the field, as the resource form's resolver applies it. */
const schema = z.object({ batchTime: plantResource.fields.batchTime!.schema });

function PlantTimes({ onSave }: { onSave: (values: FieldValues) => void }) {
  const form = useForm<FieldValues>({
    defaultValues: { batchTime: 5 },
    resolver: zodResolver(schema as never) as unknown as Resolver<FieldValues>,
  });
  return (
    <form onSubmit={(event) => void form.handleSubmit(onSave)(event)} noValidate>
      <FieldInput
        definition={plantResource}
        name="batchTime"
        field={plantResource.fields.batchTime!}
        control={form.control}
        readOnly={false}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('FieldInput numbers (R-INPUT-1)', () => {
  it('keeps "1O" as typed beside the reason and saves only once it is corrected', async () => {
    const user = userEvent.setup();
    const saved: FieldValues[] = [];
    await renderWithProviders(<PlantTimes onSave={(values) => saved.push(values)} />);
    const field = () => screen.getByRole('textbox', { name: 'Batch time (min)' });
    await user.clear(field());
    await user.type(field(), '1O');
    expect(field()).toHaveValue('1O');
    expect(field()).toHaveAccessibleDescription(/Type digits only/);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field()).toBeInvalid());
    expect(saved).toEqual([]);

    await user.type(field(), '{Backspace}0');
    expect(field()).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ batchTime: 10 }]));
  });
});
