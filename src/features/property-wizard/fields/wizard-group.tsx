import { fieldsOfWizardGroup, isAsked, WIZARD_GROUPS, type WizardGroup } from '@domain/property-fields';
import { SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWizard } from '../wizard-context';
import { WizardField } from './wizard-field';

/** The groups headed by a title: each has its words in wizard.json (`listingFacts.<group>`). */
type TitledGroup = {
  [G in WizardGroup]: (typeof WIZARD_GROUPS)[G]['titled'] extends true ? G : never;
}[WizardGroup];

/**
 * One group of a step as the registry lays it out (`WIZARD_GROUPS` and each field's `wizard`): its
 * questions that are asked of these answers (`kinds`, `askedWhen`), one under another or in a grid
 * of two columns, under its heading if it has one; nothing while none is asked.
 */
export function WizardGroupView({ group }: { group: WizardGroup }) {
  const { t } = useTranslation('wizard');
  const { form } = useWizard();
  const answers = { ...form.generalInfo, ...form.buildingDetails };
  const shown = fieldsOfWizardGroup(group).filter((field) => isAsked(field, answers));
  if (shown.length === 0) return null;
  const layout = WIZARD_GROUPS[group];
  const fields = shown.map((field) => <WizardField key={field} field={field} />);
  return (
    <>
      {layout.titled && (
        <Title order={3} fz="md" fw={600} mb={-8}>
          {t(`listingFacts.${group as TitledGroup}`)}
        </Title>
      )}
      {layout.columns === 1 ? (
        fields
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          {fields}
        </SimpleGrid>
      )}
    </>
  );
}
