/**
 * R-INPUT-1: the one number input of the web app, Mantine's NumberInput with nothing dropped
 * silently. NumberInput drops what it cannot read as the user types ("5O000" shows 5000, "2O" 2,
 * "2.5" in a whole-number field 25); here such text stays as typed, with the reason beside the
 * field, until the user corrects it, and the form's value is not changed meanwhile. The form
 * learns of it (`onRefusal`, and its `RefusedNumbers`: the `refusals` given, else the
 * `RefusedNumbersContext` around it) so it saves no field in error. A decimal typed a key at a time keeps its point ('2.' is 2 until the 5 comes), whatever
 * the form keeps of it.
 */
import { NumberInput, TextInput, type NumberInputProps, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import {
  useContext,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  numberOfText,
  numberTextProblem,
  numericString,
  withoutAffixes,
  type NumberTextOptions,
  type NumberTextProblem,
} from './number-text';
import { RefusedNumbersContext, type RefusedNumbers } from './refused-numbers';

export type NumberFieldProps = Omit<NumberInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /**
   * The form's value: a number, or empty ('', null). NaN is the form's own mark that the field
   * holds no number (the resource forms keep one while the field is refused): it changes nothing.
   */
  value: number | string | null | undefined;
  /** A number, or '' when the field holds none; never called while typed text is refused. */
  onChange?: ((value: number | '') => void) | undefined;
  /** The message beside a refused field, and null once it is corrected, reset or gone. */
  onRefusal?: ((message: string | null) => void) | undefined;
  /** The form's registry of refused fields, when no `RefusedNumbersContext` is around it. */
  refusals?: RefusedNumbers | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
};

/** NumberInput's own options, which a plain text input does not take. */
const numberOnlyProps = [
  'allowDecimal',
  'allowLeadingZeros',
  'allowNegative',
  'allowedDecimalSeparators',
  'clampBehavior',
  'decimalScale',
  'decimalSeparator',
  'fixedDecimalScale',
  'handlersRef',
  'hideControls',
  'isAllowed',
  'max',
  'min',
  'onMaxReached',
  'onMinReached',
  'onValueChange',
  'prefix',
  'selectAllOnFocus',
  'startValue',
  'step',
  'stepHoldDelay',
  'stepHoldInterval',
  'suffix',
  'thousandSeparator',
  'thousandsGroupStyle',
  'trimLeadingZeroesOnBlur',
  'type',
  'valueIsNumericString',
  'withKeyboardEvents',
] as const;

type InputProps = Omit<NumberFieldProps, 'value' | 'onChange' | 'onRefusal' | 'refusals' | 'ref'>;

function textInputPropsOf(props: InputProps): TextInputProps {
  const copy: Record<string, unknown> = { ...props };
  for (const name of numberOnlyProps) delete copy[name];
  return copy;
}

function optionsOf(props: InputProps): NumberTextOptions {
  const grouping = props.thousandSeparator;
  return {
    allowDecimal: props.allowDecimal ?? true,
    decimalScale: props.decimalScale,
    allowNegative: props.allowNegative ?? true,
    decimalSeparator: props.decimalSeparator ?? '.',
    allowedDecimalSeparators: props.allowedDecimalSeparators ?? ['.', ','],
    thousandSeparator:
      grouping === true ? ',' : typeof grouping === 'string' ? grouping : undefined,
    prefix: props.prefix ?? '',
    suffix: props.suffix ?? '',
  };
}

const keepTyped = Symbol('keep what is typed');

/** The form's value as the field reads it. */
function formValueOf(
  value: NumberFieldProps['value'],
  options: NumberTextOptions,
): number | '' | typeof keepTyped {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isNaN(value) ? keepTyped : value;
  return numberOfText(value, options);
}

const sameValue = (a: number | '', b: number | '') => Object.is(a, b);

/** What NumberInput shows and what it means. */
type Draft = { shown: number | string; value: number | '' };
type Refusal = { text: string; problem: NumberTextProblem };

export function NumberField(props: NumberFieldProps) {
  const { value, onChange, onRefusal, refusals, ref, ...inputProps } = props;
  const { t } = useTranslation();
  const options = optionsOf(inputProps);
  const formValue = formValueOf(value, options);
  const [draft, setDraft] = useState<Draft>(() => {
    const start = formValue === keepTyped ? '' : formValue;
    return { shown: start, value: start };
  });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // The form set another value (a reset, a value chosen elsewhere): it replaces what is typed.
  if (formValue !== keepTyped && !sameValue(formValue, draft.value)) {
    setDraft({ shown: formValue, value: formValue });
    setRefusal(null);
  }

  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(ref, inputRef);
  // One input replaces the other while the user types: the new one takes the focus and caret.
  const caretAfterRender = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = caretAfterRender.current;
    const input = inputRef.current;
    if (caret === null || !input) return;
    caretAfterRender.current = null;
    input.focus();
    input.setSelectionRange(caret, caret);
  });

  const message = refusal ? refusalMessage(t, refusal.problem, options) : null;
  const context = useContext(RefusedNumbersContext);
  const registry = refusals ?? context;
  const id = useId();
  const report = useEffectEvent((current: string | null) => {
    onRefusal?.(current);
    registry?.report(
      id,
      current === null ? null : { message: current, focus: () => inputRef.current?.focus() },
    );
  });
  useEffect(() => report(message), [message]);
  useEffect(() => () => registry?.report(id, null), [registry, id]);

  const handleChangeCapture = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const { text, offset } = withoutAffixes(input.value, options);
    const problem = numberTextProblem(text, options);
    if (problem === null) return;
    // NumberInput would drop what it cannot read: it never sees this change.
    event.stopPropagation();
    const caret = (input.selectionStart ?? input.value.length) - offset;
    caretAfterRender.current = Math.min(Math.max(caret, 0), text.length);
    setRefusal({ text, problem });
  };

  const handleChange = (next: number | string) => {
    const nextValue = typeof next === 'number' ? next : numberOfText(next, options);
    setDraft({ shown: next, value: nextValue });
    if (!sameValue(nextValue, draft.value)) onChange?.(nextValue);
  };

  const handleRefusedChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    const caret = event.currentTarget.selectionStart ?? text.length;
    const problem = numberTextProblem(text, options);
    if (problem !== null) {
      caretAfterRender.current = caret;
      setRefusal({ text, problem });
      return;
    }
    const nextValue = numberOfText(text, options);
    caretAfterRender.current = caret + options.prefix.length;
    setRefusal(null);
    setDraft({ shown: numericString(text, options), value: nextValue });
    // Always told: the form may have marked the field while it was refused.
    onChange?.(nextValue);
  };

  if (refusal) {
    const whole = !options.allowDecimal || options.decimalScale === 0;
    return (
      <TextInput
        {...textInputPropsOf(inputProps)}
        ref={mergedRef}
        value={refusal.text}
        onChange={handleRefusedChange}
        error={message}
        inputMode={whole ? 'numeric' : 'decimal'}
      />
    );
  }
  return (
    <NumberInput
      {...inputProps}
      ref={mergedRef}
      value={draft.shown}
      onChange={handleChange}
      onChangeCapture={handleChangeCapture}
    />
  );
}

function refusalMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  problem: NumberTextProblem,
  options: NumberTextOptions,
): string {
  switch (problem.kind) {
    case 'wholeNumber':
      return t('numberField.wholeNumber');
    case 'decimals':
      return t('numberField.decimals', { count: problem.max });
    case 'digitsOnly':
      return !options.allowDecimal || options.decimalScale === 0
        ? t('numberField.digitsOnly')
        : t('numberField.digitsAndSeparator', { separator: options.decimalSeparator });
  }
}
