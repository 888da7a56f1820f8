import { RegistryStep } from './registry-step';

/** Step 3: the building's size, access and parking, the space's facts, then its lobby and choices. */
export function BuildingDetailsStep() {
  return <RegistryStep step={3} gap="xl" />;
}
