import { wizardGroupsOfStep } from '@domain/property-fields';
import { type MantineSpacing, Stack } from '@mantine/core';
import { WizardGroupView } from '../fields/wizard-group';

/** A step drawn whole from the registry: its groups in order (property-fields.ts, `WIZARD_GROUPS`). */
export function RegistryStep({ step, gap }: { step: 2 | 3; gap: MantineSpacing }) {
  return (
    <Stack gap={gap}>
      {wizardGroupsOfStep(step).map((group) => (
        <WizardGroupView key={group} group={group} />
      ))}
    </Stack>
  );
}
