import { chosenKind, KIND_FIELD } from '@domain/property-fields';
import { PROPERTY_KINDS, type PropertyKind } from '@domain/property-options';
import { Group, Radio, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingFactory2,
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconTruckDelivery,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFieldWords } from '@/i18n/field-words';
import { useWizard } from '../wizard-context';
import { fieldId } from '../wizard-problems';
import classes from './kind-step.module.css';

const KIND_ICONS: Record<PropertyKind, TablerIcon> = {
  offices: IconBuildingSkyscraper,
  retail: IconBuildingStore,
  logistics: IconTruckDelivery,
  industry: IconBuildingFactory2,
};

/** Step 1: four large cards in one radio group (arrow keys move and choose, one tab stop). */
export function KindStep() {
  const { t } = useTranslation('wizard');
  const words = useFieldWords()(KIND_FIELD);
  const { form, actor, feedback } = useWizard();
  const kind = chosenKind(form.generalInfo);
  const error = feedback.errorOf(KIND_FIELD);
  const id = fieldId(KIND_FIELD);
  // Roving tab stop: the chosen card, or the first while none is chosen.
  const tabStop = kind ?? PROPERTY_KINDS[0];

  return (
    <Radio.Group
      id={id}
      label={words.label}
      withAsterisk
      error={error}
      value={kind}
      onChange={(value) => {
        actor.send({ type: 'SET_KIND', kind: value as PropertyKind });
        feedback.touch(KIND_FIELD);
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mt="xs">
        {PROPERTY_KINDS.map((value) => {
          const Icon = KIND_ICONS[value];
          return (
            <Radio.Card
              key={value}
              value={value}
              data-value={value}
              className={classes.card}
              tabIndex={value === tabStop ? 0 : -1}
              aria-describedby={`${id}-${value}-description`}
            >
              <Group wrap="nowrap" align="flex-start" gap="md">
                <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                  <Icon size={28} stroke={1.6} />
                </ThemeIcon>
                <div className={classes.text}>
                  <Text fw={700} fz="lg">
                    {words.option(value)}
                  </Text>
                  <Text id={`${id}-${value}-description`} c="dimmed" fz="sm">
                    {t(`kindCards.${value}`)}
                  </Text>
                </div>
                <Radio.Indicator className={classes.indicator} />
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
