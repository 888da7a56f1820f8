import { fieldSpec, type PropertyFieldKey, type WizardInput } from '@domain/property-fields';
import type { ComponentType } from 'react';
import { AreaField, PriceField } from './amount-inputs';
import { KindOptionsField } from './kind-options-field';
import { LineField } from './line-field';
import { NoneExcludesChips } from './none-excludes-chips';
import { RadioChoiceField } from './radio-choice-field';
import { RegistryField } from './registry-field';

const INPUTS: Record<WizardInput, ComponentType<{ field: PropertyFieldKey }>> = {
  kindOptions: KindOptionsField,
  line: LineField,
  cityLine: LineField,
  area: AreaField,
  price: PriceField,
  radio: RadioChoiceField,
  noneExcludes: NoneExcludesChips,
};

/** A question of the wizard: the input its registry entry names (`wizard.input`), else its type's. */
export function WizardField({ field }: { field: PropertyFieldKey }) {
  const input = fieldSpec(field).wizard?.input;
  const Input = input === undefined ? RegistryField : INPUTS[input];
  return <Input field={field} />;
}
