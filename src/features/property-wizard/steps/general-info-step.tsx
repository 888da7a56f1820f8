import { RegistryStep } from './registry-step';

/** Step 2: what the space may be used for, where it is, its areas, terms and the broker's pitch. */
export function GeneralInfoStep() {
  return <RegistryStep step={2} gap="lg" />;
}
