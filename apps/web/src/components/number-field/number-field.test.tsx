/**
 * R-INPUT-1: the shared number field as a user types into it: what NumberInput would drop is kept
 * as typed with the reason beside the field, and the form's value is never changed silently.
 */
import { Button } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { NumberField, type NumberFieldProps } from './number-field';
import { RefusedNumbersContext, useRefusedNumbers } from './refused-numbers';

type Harness = Omit<NumberFieldProps, 'value' | 'onChange'> & {
  start?: number | null;
};

/** A form that keeps only numbers (or null), as the app's forms do, and a Save that asks first. */
function Form({ start = null, ...props }: Harness) {
  const [value, setValue] = useState<number | null>(start);
  const [saved, setSaved] = useState<string>('nothing');
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = useRefusedNumbers();
  return (
    <RefusedNumbersContext value={refused}>
      <NumberField
        label="Quantity"
        hideControls
        {...props}
        value={value ?? ''}
        onChange={(next) => setValue(next === '' ? null : next)}
        onRefusal={setRefusal}
      />
      <output aria-label="Form value">{String(value)}</output>
      <output aria-label="Refusal">{refusal ?? 'none'}</output>
      <output aria-label="Saved">{saved}</output>
      <Button onClick={() => setSaved(refused.focusFirst() ? 'refused' : String(value))}>
        Save
      </Button>
      <Button onClick={() => setValue(7)}>Reset</Button>
    </RefusedNumbersContext>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Quantity' });
const formValue = () => screen.getByLabelText('Form value').textContent;

describe('NumberField (R-INPUT-1)', () => {
  it('keeps "5O000" as typed beside "Type digits only", and the value as it was', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Form decimalScale={0} />);
    await user.type(field(), '5O000');
    expect(field()).toHaveValue('5O000');
    expect(field()).toHaveFocus();
    expect(field()).toHaveAccessibleDescription('Type digits only');
    expect(field()).toBeInvalid();
    // Not 5,000: the value typed before the letter, until the text is corrected.
    expect(formValue()).toBe('5');
    expect(screen.getByLabelText('Refusal')).toHaveTextContent('Type digits only');

    // Corrected where it was typed: the letter goes, the number is taken.
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{Backspace}');
    expect(field()).toHaveValue('5000');
    expect(field()).toHaveFocus();
    expect(field()).toBeValid();
    expect(formValue()).toBe('5000');
    expect(screen.getByLabelText('Refusal')).toHaveTextContent('none');
    await user.keyboard('0');
    expect(formValue()).toBe('50000');
  });

  it('refuses "2O" rather than taking 2, in a field with decimals', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Form decimalScale={3} />);
    await user.type(field(), '2O');
    expect(field()).toHaveValue('2O');
    expect(field()).toHaveAccessibleDescription('Type digits only, with “.” for decimals');
  });

  it('does not save a field in error: the form is told, and Save goes to the field', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Form decimalScale={0} />);
    await user.type(field(), '2O');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Saved')).toHaveTextContent('refused');
    expect(field()).toHaveFocus();
    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Saved')).toHaveTextContent('2');
  });

  it('reports to the registry it is given when no context is around it', async () => {
    const user = userEvent.setup();
    function Bare() {
      const refused = useRefusedNumbers();
      const [saved, setSaved] = useState('nothing');
      return (
        <>
          <NumberField label="Quantity" value="" refusals={refused} decimalScale={0} />
          <Button onClick={() => setSaved(refused.focusFirst() ? 'refused' : 'saved')}>Save</Button>
          <output aria-label="Saved">{saved}</output>
        </>
      );
    }
    await renderWithProviders(<Bare />);
    await user.type(field(), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Saved')).toHaveTextContent('refused');
    expect(field()).toHaveFocus();
  });

  it('keeps a decimal typed a key at a time, though the form keeps only numbers', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Form decimalScale={3} />);
    await user.type(field(), '2.5');
    expect(field()).toHaveValue('2.5');
    expect(formValue()).toBe('2.5');
    await user.clear(field());
    await user.type(field(), '0.05');
    expect(field()).toHaveValue('0.05');
    expect(formValue()).toBe('0.05');
  });

  it('refuses a decimal point in a whole-number field, and decimals beyond the scale', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderWithProviders(<Form decimalScale={0} />);
    await user.type(field(), '2.5');
    expect(field()).toHaveValue('2.5');
    expect(field()).toHaveAccessibleDescription('Type a whole number');
    expect(formValue()).toBe('2');
    unmount();

    await renderWithProviders(<Form decimalScale={2} />);
    await user.type(field(), '1.234');
    expect(field()).toHaveValue('1.234');
    expect(field()).toHaveAccessibleDescription('Type at most 2 decimals');
    expect(formValue()).toBe('1.23');
  });

  it('refuses a minus sign where negative numbers are not allowed', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Form allowNegative={false} decimalScale={0} />);
    await user.type(field(), '-4');
    expect(field()).toHaveValue('-4');
    expect(field()).toHaveAccessibleDescription('Type digits only');
    expect(formValue()).toBe('null');
  });

  it('reads a number between its prefix, suffix and thousands separators', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderWithProviders(
      <Form suffix=" min" decimalScale={0} start={20} />,
    );
    expect(field()).toHaveValue('20 min');
    await user.type(field(), 'x');
    // The suffix is the field's: the text refused is what the user typed.
    expect(field()).toHaveValue('20x');
    expect(formValue()).toBe('20');
    unmount();

    await renderWithProviders(<Form prefix="$" thousandSeparator="," decimalScale={2} />);
    await user.type(field(), '12500.5');
    expect(field()).toHaveValue('$12,500.5');
    expect(formValue()).toBe('12500.5');
  });

  it('gives way to a value the form sets, and keeps the text while the form marks it NaN', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Form decimalScale={0} />);
    await user.type(field(), '3kg');
    expect(field()).toHaveValue('3kg');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field()).toHaveValue('7');
    expect(field()).toBeValid();
    expect(screen.getByLabelText('Refusal')).toHaveTextContent('none');

    function MarkingForm() {
      const [value, setValue] = useState<number>(1);
      return (
        <NumberField
          label="Marked"
          value={value}
          onChange={(next) => setValue(next === '' ? 0 : next)}
          onRefusal={(message) => message !== null && setValue(Number.NaN)}
        />
      );
    }
    await renderWithProviders(<MarkingForm />);
    const marked = screen.getByRole('textbox', { name: 'Marked' });
    await user.type(marked, 'b');
    expect(screen.getByRole('textbox', { name: 'Marked' })).toHaveValue('1b');
  });

  it('says why in Spanish', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Form decimalScale={0} />);
    await act(() => initI18n('es'));
    try {
      await user.type(field(), '5O');
      expect(field()).toHaveAccessibleDescription('Escriba solo dígitos');
    } finally {
      await act(() => initI18n('en'));
    }
  });
});
