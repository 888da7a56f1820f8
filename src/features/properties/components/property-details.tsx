import { type FieldWords, fieldText } from '@domain/field-text';
import {
  fieldSpec,
  fieldsWhere,
  isAsked,
  isRequired,
  type PropertyFieldKey,
  type ViewGroup,
} from '@domain/property-fields';
import { parseTourLink, type TourLink } from '@domain/tour-link';
import type { WizardStepId } from '@domain/wizard-steps';
import { Anchor, Button, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useFieldWords } from '@/i18n/field-words';
import type { Property } from '../property-types';
import { usePropertyText } from '../use-property-text';
import { wizardSearchFor } from '../wizard-link';
import classes from './properties.module.css';
import { TourPreview } from './tour-preview';

type FieldKey = PropertyFieldKey;

type SectionKey = ViewGroup;

/** The view page's groups in order; each field's group is declared in the registry (`viewGroup`). */
const SECTIONS: readonly { key: SectionKey; fields: readonly FieldKey[] }[] = (
  ['keyFacts', 'dealTerms', 'building', 'environment', 'presentation'] as const
).map((key) => ({ key, fields: fieldsWhere((spec) => spec.viewGroup === key) }));

/** The wizard step each section's edit action opens: the step that asks most of its fields. */
const SECTION_STEPS: Record<SectionKey | 'media', WizardStepId> = {
  keyFacts: 'generalInfo',
  dealTerms: 'generalInfo',
  building: 'buildingDetails',
  environment: 'environmentTransport',
  presentation: 'generalInfo',
  media: 'mediaDocuments',
};

/**
 * Questions the wizard does not ask of this property are left out, not shown as unanswered; so are
 * the listing facts it was not given (a listing states what is known; the spec's fields say "not
 * specified" so the broker sees what is still open).
 */
function isShown(property: Property, field: FieldKey): boolean {
  const value = property[field];
  const answered = value !== null && !(Array.isArray(value) && value.length === 0);
  const spec = fieldSpec(field);
  if (spec.checks === 'declared') return answered && isAsked(field, property);
  // A question the registry requires of other kinds only (an office's freight elevator) may be
  // answered; unanswered, it is not one of this property's open questions.
  if (spec.requiredKinds !== undefined && !isRequired(field, property)) return answered;
  return isAsked(field, property) || answered;
}

/** Every answer of the property, grouped like the wizard's review step. */
export function PropertyDetails({ property }: { property: Property }) {
  return (
    <>
      {SECTIONS.map((section) => {
        const fields = section.fields.filter((field) => isShown(property, field));
        if (fields.length === 0) return null;
        if (section.key === 'presentation') {
          return (
            <DetailsSection key={section.key} section={section.key} property={property}>
              <Presentation property={property} fields={section.fields} />
            </DetailsSection>
          );
        }
        return (
          <DetailsSection key={section.key} section={section.key} property={property}>
            {fields.map((field) => (
              <FieldRow key={field} property={property} field={field} />
            ))}
          </DetailsSection>
        );
      })}
    </>
  );
}

export function DetailsSection({
  section,
  property,
  children,
}: {
  section: SectionKey | 'media';
  property: Pick<Property, 'id' | 'status'>;
  children: ReactNode;
}) {
  const { t } = useTranslation('properties');
  const headingId = useId();
  const name = t(`view.sections.${section}`);
  return (
    <SectionCard labelledBy={headingId}>
      <Group justify="space-between" align="center" gap="sm" mb="md" wrap="nowrap">
        <Title order={3} id={headingId} fz="lg">
          {name}
        </Title>
        {/* Straight to this section's step in the wizard, not through the review. */}
        <Button
          renderRoot={(props) => (
            <Link
              to="/properties/create"
              search={{ ...wizardSearchFor(property), step: SECTION_STEPS[section] }}
              {...props}
            />
          )}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPencil size={16} aria-hidden="true" />}
          aria-label={t('view.editSection', { section: name })}
        >
          {t('actions.edit')}
        </Button>
      </Group>
      {section === 'media' || section === 'presentation' ? (
        children
      ) : (
        <DataList classNames={{ itemLabel: classes.fieldLabel, itemValue: classes.fieldValue }}>
          {children}
        </DataList>
      )}
    </SectionCard>
  );
}

function FieldRow({ property, field }: { property: Property; field: FieldKey }) {
  // One label per field on every screen: the wizard's (docs/glossary.md).
  const { t } = useTranslation('properties');
  const words = useFieldWords();
  const value = useFieldValue(property, field);
  return (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{words(field).label}</DataList.ItemLabel>
      <DataList.ItemValue fw={500}>
        {value ?? (
          <Text component="span" c="dimmed" fw={400} size="sm">
            {t('values.notSpecified')}
          </Text>
        )}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** The answer as text, or null when it was not given. */
export function useFieldValue(property: Property, field: FieldKey): ReactNode {
  const words = useAnswerWords();
  const text = fieldText(field, property[field], words);
  if (text === null) return null;
  // Typed text and numbers keep their own direction inside the other language's sentence.
  const spec = fieldSpec(field);
  return spec.type === 'choice' || spec.type === 'choices' || spec.type === 'boolean' ? (
    text
  ) : (
    <bdi>{text}</bdi>
  );
}

function useAnswerWords(): FieldWords {
  const { t } = useTranslation(['properties', 'options']);
  const words = useFieldWords();
  const { language } = usePropertyText();
  return {
    language,
    option: (field, value) => words(field).option(value),
    yes: t('options:yesNo.yes'),
    no: t('options:yesNo.no'),
    unitSuffix: (unit) => t(`properties:view.units.${unit}`),
    groundFloor: t('properties:view.groundFloor'),
  };
}

/**
 * The broker's own words and the tour (the registry's presentation group), each by its type: a
 * text as a paragraph, a tour link as a known host's player on request, else nothing.
 */
function Presentation({ property, fields }: { property: Property; fields: readonly FieldKey[] }) {
  const words = useFieldWords();
  const values = property as unknown as Readonly<Record<string, unknown>>;
  return (
    <Stack gap="md">
      {fields.map((field) => {
        const value = values[field];
        if (typeof value !== 'string') return null;
        if (fieldSpec(field).type === 'link') {
          const tour = parseTourLink(value);
          return tour && <TourBlock key={field} label={words(field).label} tour={tour} />;
        }
        const text = value.trim();
        if (text === '') return null;
        return (
          <div key={field}>
            <Text size="sm" c="dimmed" mb={4}>
              {words(field).label}
            </Text>
            <Text className={classes.ownWords}>
              <bdi>{text}</bdi>
            </Text>
          </div>
        );
      })}
    </Stack>
  );
}

function TourBlock({ label, tour }: { label: string; tour: TourLink }) {
  const { t } = useTranslation('properties');
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Anchor href={tour.url} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            {t(`view.tourHosts.${tour.host}`)}
            <IconExternalLink size={14} aria-hidden="true" />
          </Group>
        </Anchor>
      </Group>
      <TourPreview tour={tour} />
    </div>
  );
}
