import { KEY_FACT_FIELDS, type PropertyFieldKey } from '@domain/property-fields';
import { SimpleGrid, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useFieldWords } from '@/i18n/field-words';
import type { Property } from '../property-types';
import { useFieldValue } from './property-details';

function isAnswered(value: unknown): boolean {
  return value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);
}

/** The headline facts at a glance, as a grid of label and value; nothing when none is answered. */
export function KeyFacts({ property }: { property: Property }) {
  const { t } = useTranslation('listing');
  const headingId = useId();
  // Unanswered facts are left out: a listing states what is known.
  const answered = KEY_FACT_FIELDS.filter((field) => isAnswered(property[field]));
  if (answered.length === 0) return null;
  return (
    <SectionCard labelledBy={headingId}>
      <Title order={3} id={headingId} fz="lg" mb="md">
        {t('keyFacts')}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, md: 4 }} spacing="md" verticalSpacing="md" m={0}>
        {answered.map((field) => (
          <KeyFact key={field} property={property} field={field} />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

function KeyFact({ property, field }: { property: Property; field: PropertyFieldKey }) {
  const words = useFieldWords();
  const value = useFieldValue(property, field);
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {words(field).label}
      </Text>
      <Text component="dd" fw={700} fz="lg" m={0}>
        {value}
      </Text>
    </div>
  );
}
