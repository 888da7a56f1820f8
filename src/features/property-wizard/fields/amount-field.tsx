import type { PropertyFieldKey } from '@domain/property-values';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';
import { fieldId } from '../wizard-problems';

type AmountFieldProps = Omit<NumberInputProps, 'value' | 'onChange' | 'onValueChange' | 'id'> & {
  field: PropertyFieldKey;
  value: number | null;
  onAmountChange: (value: number | null) => void;
};

/**
 * What the input holds, as a number. Past Number.MAX_SAFE_INTEGER Mantine hands over the typed
 * digits as a string to keep them exact; read as null, a price of seventeen nines vanished with no
 * word. As a number it is far over every limit, and the rules say so, naming the limit.
 */
export function amountOf(next: number | string): number | null {
  if (typeof next === 'number') return Number.isFinite(next) ? next : null;
  const text = next.replaceAll(',', '').trim();
  if (!/^\d+(\.\d*)?$/.test(text)) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * A number the form keeps as a number or null (empty). Thousands are grouped as typed; negative
 * values cannot be typed, since no amount, area or floor count here is below zero.
 */
export function AmountField({ field, value, onAmountChange, ...props }: AmountFieldProps) {
  // Digits past 2^53 stay as typed while the form holds their value: shown from the number, seventeen
  // nines would turn into 100,000,000,000,000,000 under the broker's hands.
  const [unsafeDigits, setUnsafeDigits] = useState<string | null>(null);
  const shown =
    unsafeDigits !== null && value !== null && amountOf(unsafeDigits) === value ? unsafeDigits : value;
  return (
    <NumberInput
      id={fieldId(field)}
      value={shown ?? ''}
      onChange={(next) => {
        const amount = amountOf(next);
        // On blur Mantine hands the same value back as a number; the typed digits still stand for it.
        setUnsafeDigits((typed) =>
          typeof next === 'string'
            ? amount === null
              ? null
              : next
            : typed !== null && amountOf(typed) === amount
              ? typed
              : null,
        );
        onAmountChange(amount);
      }}
      thousandSeparator=","
      allowNegative={false}
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
}
