import { stripNonDigits } from '@domain/phone-default-country';
import { OTP_LENGTH } from '@domain/registration';
import { Input, type MantineSize, PinInput, Stack } from '@mantine/core';
import { useId, useUncontrolled } from '@mantine/hooks';
import { type ClipboardEvent, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface CodeInputProps {
  value?: string;
  defaultValue?: string;
  /** Every change, digits only; whether a complete code is submitted is the OTP machine's decision. */
  onChange?: (code: string) => void;
  /** Shown under the boxes and announced politely to screen readers. */
  error?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Accessible name of the group of boxes. @default 'Verification code' */
  label?: string;
  id?: string;
  size?: MantineSize;
}

/**
 * The 6-digit one-time-code entry of spec 4 ("Code entry behaviour") on Mantine's PinInput, which
 * already rejects non-digits per box and moves back on Backspace in an empty box. Paste is ours:
 * PinInput ignores a paste that is not digits only, while the spec keeps the first 6 digits of
 * whatever was pasted ('Your code: 123-456').
 */
export function CodeInput({
  value,
  defaultValue,
  onChange,
  error,
  disabled,
  autoFocus,
  label,
  id,
  size = 'lg',
}: CodeInputProps) {
  const { t } = useTranslation('auth');
  const baseId = useId(id);
  const errorId = `${baseId}-error`;
  const rootRef = useRef<HTMLDivElement>(null);

  const [code, setCode] = useUncontrolled({
    value,
    defaultValue,
    finalValue: '',
    onChange,
  });

  const update = (next: string) => {
    setCode(stripNonDigits(next).slice(0, OTP_LENGTH));
  };

  const boxes = () => Array.from(rootRef.current?.querySelectorAll<HTMLInputElement>('input') ?? []);

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (disabled) return;
    const digits = stripNonDigits(event.clipboardData.getData('text/plain')).slice(0, OTP_LENGTH);
    if (digits === '') return;
    update(digits);
    boxes()[Math.min(digits.length, OTP_LENGTH - 1)]?.focus();
  };

  return (
    <Stack gap={6}>
      <PinInput
        id={baseId}
        rootRef={rootRef}
        // The boxes run left to right in both languages; centred, they sit in the middle of an RTL card too.
        styles={{ root: { justifyContent: 'center' } }}
        aria-label={label ?? t('codeInput.groupLabel')}
        aria-describedby={error ? errorId : undefined}
        length={OTP_LENGTH}
        type="number"
        oneTimeCode
        size={size}
        value={code}
        onChange={update}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        getInputProps={(index) => ({
          'aria-label': t('codeInput.digitLabel', { position: index + 1, total: OTP_LENGTH }),
          // Mantine's Input owns aria-describedby on each box, so the boxes point at the message this way.
          'aria-errormessage': error ? errorId : undefined,
          onPaste: handlePaste,
        })}
      />
      <div id={errorId} aria-live="polite">
        {error ? <Input.Error component="div">{error}</Input.Error> : null}
      </div>
    </Stack>
  );
}
