import { isAsked, type PropertyFieldKey } from '@domain/property-fields';
import { SimpleGrid, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useWizard } from '../wizard-context';
import { RegistryField } from './registry-field';

/**
 * A titled grid of registry fields (issue 21's listing facts among them), each a RegistryField;
 * `kinds` and `askedWhen` decide whether it shows.
 */
export function ListingFacts({
  title,
  fields,
  custom = {},
}: {
  title?: string;
  fields: readonly PropertyFieldKey[];
  /** Fields the step draws itself (the spec's prices, with their own hints), in the group's order. */
  custom?: Partial<Record<PropertyFieldKey, ReactNode>>;
}) {
  const { form } = useWizard();
  const answers = { ...form.generalInfo, ...form.buildingDetails };
  const shown = fields.filter((field) => isAsked(field, answers));
  if (shown.length === 0) return null;
  return (
    <>
      {title && (
        <Title order={3} fz="md" fw={600} mb={-8}>
          {title}
        </Title>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        {shown.map((field) => custom[field] ?? <RegistryField key={field} field={field} />)}
      </SimpleGrid>
    </>
  );
}
