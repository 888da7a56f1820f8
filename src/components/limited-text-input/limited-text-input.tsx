import { TextInput, type TextInputProps } from '@mantine/core';
import { type ClipboardEvent, useRef, useState } from 'react';
import { useHydrated } from '../hydration/use-hydrated';

export interface LimitedTextInputProps extends TextInputProps {
  /** The contract's maxLength for this field: the input stops there, as the server would refuse more. */
  maxLength: number;
  /** What to say when a paste did not fit and the browser kept only its start (names the limit). */
  cutMessage: string;
}

/**
 * A text input that stops at the contract's limit and says so. The browser cuts a paste longer than
 * `maxLength` without a word (a 660-character address became 200); here the cut shows as the field's
 * message until the next edit, so the broker knows to check what was kept. The field's own error
 * (from the shared rules) comes first.
 */
export function LimitedTextInput({
  maxLength,
  cutMessage,
  error,
  onPaste,
  onChange,
  ...props
}: LimitedTextInputProps) {
  const [cut, setCut] = useState(false);
  const hydrated = useHydrated();
  // The change that a paste causes follows it in the same task; any later change clears the note.
  const pasting = useRef(false);

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    const input = event.currentTarget;
    const selected =
      (input.selectionEnd ?? input.value.length) - (input.selectionStart ?? input.value.length);
    // A one-line input drops line breaks from a paste (the HTML value sanitization).
    const pasted = event.clipboardData.getData('text/plain').replace(/[\r\n]/g, '');
    const overflows = input.value.length - selected + pasted.length > maxLength;
    setCut(overflows);
    pasting.current = true;
    setTimeout(() => {
      pasting.current = false;
    }, 0);
  };

  return (
    <TextInput
      // Read-only while the server's page hydrates: typed before, the text would be lost (use-hydrated.ts).
      readOnly={!hydrated}
      {...props}
      maxLength={maxLength}
      error={error || (cut ? cutMessage : undefined)}
      onPaste={handlePaste}
      onChange={(event) => {
        if (!pasting.current) setCut(false);
        onChange?.(event);
      }}
    />
  );
}
