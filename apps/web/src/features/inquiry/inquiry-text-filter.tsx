/**
 * A typed filter (a number, a PO) that searches as you type: the URL follows 200 ms after the
 * last key (R-CONST-14), and Enter acts at once on what is typed.
 */
import { forwardRef, useEffect, useRef, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

const debounceMs = 200;

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter: the typed text, before the debounce. */
  onEnter?: (value: string) => void;
  /** Digits only: anything else is shown as an error and not searched. */
  numeric?: boolean;
  numericError?: string;
  error?: string | undefined;
  placeholder?: string;
  autoFocus?: boolean;
};

export const InquiryTextFilter = forwardRef<HTMLInputElement, Props>(
  function InquiryTextFilter(props, ref) {
    const [text, setText] = useState(props.value);
    const [debounced] = useDebouncedValue(text.trim(), debounceMs);
    const invalid = props.numeric === true && !/^\d*$/.test(text.trim());
    // What this field last put in the URL: the URL catching up with it later must not overwrite
    // what was typed since.
    const sent = useRef(props.value);
    const send = (value: string) => {
      sent.current = value;
      props.onChange(value);
    };
    // The URL changed elsewhere (Clear, Back): show what it holds.
    useEffect(() => {
      if (props.value === sent.current) return;
      sent.current = props.value;
      setText(props.value);
    }, [props.value]);
    useEffect(() => {
      if (!invalid && debounced !== sent.current) send(debounced);
      // Only what was typed triggers a search.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [debounced]);
    return (
      <TextInput
        ref={ref}
        label={props.label}
        value={text}
        placeholder={props.placeholder}
        inputMode={props.numeric ? 'numeric' : undefined}
        error={invalid ? props.numericError : props.error}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || invalid) return;
          event.preventDefault();
          send(text.trim());
          props.onEnter?.(text.trim());
        }}
        data-autofocus={props.autoFocus ? true : undefined}
        autoFocus={props.autoFocus}
      />
    );
  },
);
