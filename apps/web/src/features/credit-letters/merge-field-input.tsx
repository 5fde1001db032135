/**
 * R-CREDIT-7: a subject or letter body where typing `{{` offers the merge fields: the list narrows
 * as the name is typed, arrows move, Enter or Tab inserts `{{field}}`, Escape closes. The fields'
 * own list beside the editor inserts at the caret of whichever of the two was used last
 * (`insertAtCaret`).
 */
import { Combobox, Text, TextInput, Textarea, useCombobox } from '@mantine/core';
import { useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { letterMergeFields } from '@dispatch/domain/credit/merge-fields';

type Editable = HTMLInputElement | HTMLTextAreaElement;

/** `{{` and what follows it up to the caret, when the caret is in an unfinished merge field. */
const opening = /\{\{\s*([A-Za-z]*)$/;

/** The text with `{{key}}` put at the caret (replacing a selection); where the caret goes after. */
export function insertAtCaret(
  text: string,
  key: string,
  start: number,
  end: number = start,
): { text: string; caret: number } {
  const before = text.slice(0, start).replace(opening, '');
  const after = text.slice(end).replace(/^\s*[A-Za-z]*\}\}/, '');
  const field = `{{${key}}}`;
  return { text: `${before}${field}${after}`, caret: before.length + field.length };
}

export type MergeFieldInputProps = {
  label: string;
  description?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  onFocus: () => void;
  error?: string | undefined;
  readOnly: boolean;
  multiline: boolean;
  inputRef: RefObject<Editable | null>;
  name: string;
  required?: boolean;
};

export function MergeFieldInput({
  label,
  description,
  value,
  onChange,
  onBlur,
  onFocus,
  error,
  readOnly,
  multiline,
  inputRef,
  name,
  required,
}: MergeFieldInputProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => setTyped(null) });
  const matching =
    typed === null
      ? []
      : letterMergeFields.filter((field) => {
          const words = `${field.key} ${t(`creditLetters.fields.${field.key}`, { defaultValue: field.label })}`;
          return words.toLowerCase().includes(typed.toLowerCase());
        });

  const place = (caret: number) =>
    requestAnimationFrame(() => {
      const element = inputRef.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(caret, caret);
    });

  const follow = (text: string, caret: number | null) => {
    const found = caret === null ? null : opening.exec(text.slice(0, caret));
    if (found && !readOnly) {
      setTyped(found[1] ?? '');
      combobox.openDropdown();
      requestAnimationFrame(() => combobox.selectFirstOption());
    } else {
      combobox.closeDropdown();
    }
  };

  const handleSubmit = (key: string) => {
    const caret = inputRef.current?.selectionStart ?? value.length;
    const next = insertAtCaret(value, key, caret);
    onChange(next.text);
    combobox.closeDropdown();
    place(next.caret);
  };

  const handleKeyDown = (event: KeyboardEvent<Editable>) => {
    if (event.key === 'Tab' && combobox.dropdownOpened && matching.length > 0) {
      event.preventDefault();
      combobox.clickSelectedOption();
    }
  };

  const common = {
    name,
    label,
    description,
    value,
    error,
    readOnly,
    required,
    onChange: (event: { currentTarget: Editable }) => {
      onChange(event.currentTarget.value);
      follow(event.currentTarget.value, event.currentTarget.selectionStart);
    },
    onBlur: () => {
      combobox.closeDropdown();
      onBlur();
    },
    onFocus,
    onKeyDown: handleKeyDown,
  };
  const optionsLabel = `${label}: ${t('creditLetters.editor.mergeFields')}`;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={handleSubmit}
      position="bottom-start"
      width={320}
      withinPortal
    >
      <Combobox.Target targetType="input" withAriaAttributes={false}>
        {multiline ? (
          <Textarea
            {...common}
            ref={inputRef as RefObject<HTMLTextAreaElement>}
            // Not autosize: it needs document.fonts, which a test's DOM has not.
            rows={18}
            resize="vertical"
            styles={{ input: { fontFamily: 'inherit', lineHeight: 1.55 } }}
          />
        ) : (
          <TextInput {...common} ref={inputRef as RefObject<HTMLInputElement>} />
        )}
      </Combobox.Target>
      <Combobox.Dropdown hidden={matching.length === 0}>
        <Combobox.Options aria-label={optionsLabel}>
          {matching.map((field) => (
            <Combobox.Option value={field.key} key={field.key}>
              <Text size="sm" fw={600}>
                {t(`creditLetters.fields.${field.key}`, { defaultValue: field.label })}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {`{{${field.key}}}`}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
