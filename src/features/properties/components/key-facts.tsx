import type { PropertyFieldKey } from '@domain/property-values';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Property } from '../property-types';
import { useFieldValue } from './property-details';

/** What a client asks first about a commercial space, in that order (issue 21); unanswered ones are left out. */
const KEY_FACTS = [
  'dealType',
  'totalArea',
  'askingRentPerSqm',
  'salePrice',
  'entryDate',
  'floor',
  'parkingSpaces',
  'condition',
] as const satisfies readonly PropertyFieldKey[];

/** The headline facts at a glance, as a grid of label and value; nothing when none is answered. */
export function KeyFacts({ property }: { property: Property }) {
  const { t } = useTranslation('listing');
  const headingId = useId();
  // Each of these is one value (no list), so "answered" is "not null".
  const answered = KEY_FACTS.filter((field) => property[field] !== null);
  if (answered.length === 0) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Title order={3} id={headingId} fz="lg" mb="md">
        {t('keyFacts')}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, md: 4 }} spacing="md" verticalSpacing="md" m={0}>
        {answered.map((field) => (
          <KeyFact key={field} property={property} field={field} />
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function KeyFact({ property, field }: { property: Property; field: PropertyFieldKey }) {
  const { t } = useTranslation('fields');
  const value = useFieldValue(property, field);
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {t(field)}
      </Text>
      <Text component="dd" fw={700} fz="lg" m={0}>
        {value}
      </Text>
    </div>
  );
}
