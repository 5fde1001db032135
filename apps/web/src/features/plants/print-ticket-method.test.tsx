/**
 * R-PRINT-9: the plant form offers the print ticket method as a labelled choice, not as the
 * classic code, and writes the code chosen.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { plantResource } from '@dispatch/domain/resources/plants';
import { FieldInput } from '../../resources/field-input';
import { openListbox } from '../../test/pick-list';
import { renderWithProviders } from '../../test/render';

let form: UseFormReturn<FieldValues>;

function Harness() {
  const own = useForm<FieldValues>({ defaultValues: { printTicketMethod: 0 } });
  useEffect(() => {
    form = own;
  }, [own]);
  return (
    <FieldInput
      definition={plantResource}
      name="printTicketMethod"
      field={plantResource.fields.printTicketMethod!}
      control={own.control}
      readOnly={false}
    />
  );
}

describe('the plant form print ticket method', () => {
  it('offers each method by its meaning and keeps the code chosen', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness />);
    const method = screen.getByRole('combobox', { name: 'Print ticket method' });
    expect(method).toHaveValue('Do not print');
    await user.click(method);
    const listbox = await openListbox(method);
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['Do not print', 'Print when the truck is sent']);
    await user.click(
      within(listbox).getByRole('option', { name: 'Print when the truck is sent', hidden: true }),
    );
    expect(form.getValues('printTicketMethod')).toBe(1);
    expect(method).toHaveValue('Print when the truck is sent');
  });
});
