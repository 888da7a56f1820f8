import type { PropertyFieldKey } from '@domain/property-values';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { fieldId } from '../wizard-problems';

type AmountFieldProps = Omit<NumberInputProps, 'value' | 'onChange' | 'onValueChange' | 'id'> & {
  field: PropertyFieldKey;
  value: number | null;
  onAmountChange: (value: number | null) => void;
};

/**
 * A number the form keeps as a number or null (empty). Thousands are grouped as typed; negative
 * values cannot be typed, since no amount, area or floor count here is below zero.
 */
export function AmountField({ field, value, onAmountChange, ...props }: AmountFieldProps) {
  return (
    <NumberInput
      id={fieldId(field)}
      value={value ?? ''}
      onChange={(next) => onAmountChange(typeof next === 'number' && Number.isFinite(next) ? next : null)}
      thousandSeparator=","
      allowNegative={false}
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
}
