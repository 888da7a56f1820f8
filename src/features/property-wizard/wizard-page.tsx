import type { PropertyWizardInput } from '@machines/property-wizard/property-wizard.machine';
import { useSearch } from '@tanstack/react-router';
import { WizardScreen } from './wizard-screen';

/**
 * /properties/create: a new property, `?draft=<id>` to resume a server draft, `?edit=<id>` for a
 * published property. Each property gets its own wizard (and machine), so a new link starts clean.
 */
export function WizardPage() {
  const { edit, draft } = useSearch({ from: '/_auth/properties/create' });
  const input: PropertyWizardInput = edit
    ? { mode: 'edit', propertyId: edit }
    : draft
      ? { mode: 'resume', propertyId: draft }
      : { mode: 'create' };
  const key = 'propertyId' in input ? `${input.mode}:${input.propertyId}` : input.mode;
  return <WizardScreen key={key} input={input} />;
}
