import { fieldsWhere } from '@domain/property-fields';
import { Stack } from '@mantine/core';
import { RegistryField } from '../fields/registry-field';

/** Step 4's questions in the registry's order: transport and amenities, none of them required. */
const ENVIRONMENT_FIELDS = fieldsWhere((spec) => spec.step === 4);

/** Step 4: transport and amenities, all multiple choice and all optional for moving on. */
export function EnvironmentStep() {
  return (
    <Stack gap="xl">
      {ENVIRONMENT_FIELDS.map((field) => (
        <RegistryField key={field} field={field} />
      ))}
    </Stack>
  );
}
