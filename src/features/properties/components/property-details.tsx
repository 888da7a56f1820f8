import { formatShekel } from '@domain/format';
import { asksUsageCategories, type PropertyFieldKey, requiresFreightElevator } from '@domain/property-values';
import type { WizardStepId } from '@domain/wizard-rules';
import { Button, DataList, Group, Paper, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Property } from '../property-types';
import { usePropertyText } from '../use-property-text';
import { wizardSearchFor } from '../wizard-link';
import classes from './properties.module.css';

type FieldKey = PropertyFieldKey;

type SectionKey = 'general' | 'building' | 'environment';

/** The wizard's steps 1–4 in its order (kind joins general info: one field is not a section). */
const SECTIONS: readonly { key: SectionKey; fields: readonly FieldKey[] }[] = [
  {
    key: 'general',
    fields: [
      'propertyKind',
      'usageCategories',
      'usageCategoriesOther',
      'propertyCategory',
      'buildingClass',
      'city',
      'address',
      'totalArea',
      'marketingArea',
      'askingRentPerSqm',
      'salePrice',
    ],
  },
  {
    key: 'building',
    fields: [
      'floorsInBuilding',
      'accessibleForDisabled',
      'hasParking',
      'parkingMonthlyCost',
      'bicycleParking',
      'truckAccess',
      'lobbyType',
      'securityMeasures',
      'passengerElevator',
      'freightElevator',
      'nearbyParking',
    ],
  },
  {
    key: 'environment',
    fields: ['publicTransport', 'mainTrafficRoutes', 'portsAirportsProximity', 'onsiteAmenities'],
  },
];

/** The wizard step each section's edit action opens (the kind is answered again from general info). */
const SECTION_STEPS: Record<SectionKey | 'media', WizardStepId> = {
  general: 'generalInfo',
  building: 'buildingDetails',
  environment: 'environmentTransport',
  media: 'mediaDocuments',
};

/** Questions the wizard does not ask for this property are left out, not shown as unanswered. */
function isAsked(property: Property, field: FieldKey): boolean {
  const kind = property.propertyKind;
  switch (field) {
    case 'usageCategories':
      return kind === null || asksUsageCategories(kind);
    case 'usageCategoriesOther':
      return property.usageCategories.includes('other');
    case 'parkingMonthlyCost':
      return property.hasParking !== false;
    case 'freightElevator':
      return kind === null || requiresFreightElevator(kind) || property.freightElevator !== null;
    default:
      return true;
  }
}

/** Every answer of the property, grouped like the wizard's review step. */
export function PropertyDetails({ property }: { property: Property }) {
  return (
    <>
      {SECTIONS.map((section) => (
        <DetailsSection key={section.key} section={section.key} property={property}>
          {section.fields
            .filter((field) => isAsked(property, field))
            .map((field) => (
              <FieldRow key={field} property={property} field={field} />
            ))}
        </DetailsSection>
      ))}
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
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
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
      {section === 'media' ? (
        children
      ) : (
        <DataList classNames={{ itemLabel: classes.fieldLabel, itemValue: classes.fieldValue }}>
          {children}
        </DataList>
      )}
    </Paper>
  );
}

function FieldRow({ property, field }: { property: Property; field: FieldKey }) {
  // One label per field on every screen: the wizard's (docs/glossary.md).
  const { t } = useTranslation(['properties', 'fields']);
  const value = useFieldValue(property, field);
  return (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{t(`fields:${field}`)}</DataList.ItemLabel>
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
  const { t } = useTranslation(['properties', 'options']);
  const text = usePropertyText();
  const { language } = text;
  const list = (values: readonly string[]) =>
    values.length === 0 ? null : new Intl.ListFormat(language, { type: 'conjunction' }).format(values);
  const yesNo = (value: boolean | null) =>
    value === null ? null : value ? t('options:yesNo.yes') : t('options:yesNo.no');
  const shekel = (value: number | null) => formatShekel(value, language);

  switch (field) {
    case 'propertyKind':
      return property.propertyKind && t(`options:propertyKind.${property.propertyKind}`);
    case 'usageCategories':
      return list(property.usageCategories.map((value) => t(`options:usageCategories.${value}`)));
    case 'usageCategoriesOther': {
      const typed = property.usageCategoriesOther?.trim();
      return typed ? <bdi>{typed}</bdi> : null;
    }
    case 'propertyCategory':
      return text.category(property.propertyCategory);
    case 'buildingClass':
      return property.buildingClass && t(`options:buildingClass.${property.buildingClass}`);
    case 'city':
    case 'address': {
      const typed = property[field]?.trim();
      return typed ? <bdi>{typed}</bdi> : null;
    }
    case 'totalArea':
    case 'marketingArea': {
      const area = property[field];
      return area === null ? null : <bdi>{text.area(area)}</bdi>;
    }
    case 'askingRentPerSqm': {
      const amount = shekel(property.askingRentPerSqm);
      return amount && t('properties:view.perSqmPerMonth', { amount });
    }
    case 'salePrice':
      return shekel(property.salePrice);
    case 'parkingMonthlyCost': {
      const amount = shekel(property.parkingMonthlyCost);
      return amount && t('properties:view.perMonth', { amount });
    }
    case 'floorsInBuilding':
      return property.floorsInBuilding === null ? null : <bdi>{text.number(property.floorsInBuilding)}</bdi>;
    case 'accessibleForDisabled':
    case 'hasParking':
    case 'bicycleParking':
    case 'passengerElevator':
    case 'freightElevator':
      return yesNo(property[field]);
    case 'lobbyType':
      return property.lobbyType && t(`options:lobbyType.${property.lobbyType}`);
    case 'truckAccess':
      return list(property.truckAccess.map((value) => t(`options:truckAccess.${value}`)));
    case 'securityMeasures':
      return list(property.securityMeasures.map((value) => t(`options:securityMeasures.${value}`)));
    case 'nearbyParking':
      return list(property.nearbyParking.map((value) => t(`options:nearbyParking.${value}`)));
    case 'publicTransport':
      return list(property.publicTransport.map((value) => t(`options:publicTransport.${value}`)));
    case 'mainTrafficRoutes':
      return list(property.mainTrafficRoutes.map((value) => t(`options:mainTrafficRoutes.${value}`)));
    case 'portsAirportsProximity':
      return list(
        property.portsAirportsProximity.map((value) => t(`options:portsAirportsProximity.${value}`)),
      );
    case 'onsiteAmenities':
      return list(property.onsiteAmenities.map((value) => t(`options:onsiteAmenities.${value}`)));
  }
}
