import type { BuildingDetails, EnvironmentTransport, PropertyForm } from '@domain/property-form';
import type { GeneralInfoValues } from '@machines/property-wizard/form-events';
import type { propertyWizardMachine } from '@machines/property-wizard/property-wizard.machine';
import { createContext, type ReactNode, use } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Language } from '@/i18n/i18n';
import type { FieldFeedback } from './use-field-feedback';
import type { PropertyWizardActor } from './use-property-wizard';
import type { WizardFiles } from './wizard-files';

export type WizardSnapshot = SnapshotFrom<typeof propertyWizardMachine>;

/** What every part of the wizard screen reads and does, so steps need no props threaded through. */
export interface WizardApi {
  actor: PropertyWizardActor;
  snapshot: WizardSnapshot;
  form: PropertyForm;
  files: WizardFiles;
  uploadProgress: number | null;
  feedback: FieldFeedback;
  language: Language;
  editGeneral(values: GeneralInfoValues): void;
  editBuilding(values: Partial<BuildingDetails>): void;
  editEnvironment(values: Partial<EnvironmentTransport>): void;
}

const WizardContext = createContext<WizardApi | null>(null);

export function WizardProvider({ value, children }: { value: WizardApi; children: ReactNode }) {
  return <WizardContext value={value}>{children}</WizardContext>;
}

export function useWizard(): WizardApi {
  const wizard = use(WizardContext);
  if (!wizard) throw new Error('useWizard must be used inside WizardProvider');
  return wizard;
}
