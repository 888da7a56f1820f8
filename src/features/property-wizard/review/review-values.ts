/**
 * The review step's rows: for each step, the questions it asked this kind of property and the
 * answers as text in the screen's language (null when unanswered).
 */

import { formatArea, formatCount, formatShekel } from '@domain/format';
import { formToValues, type PropertyForm } from '@domain/property-form';
import { asksUsageCategories, type PropertyFieldKey, type PropertyValues } from '@domain/property-values';
import type { TFunction } from 'i18next';
import type { Language } from '@/i18n/i18n';

export interface ReviewRow {
  field: PropertyFieldKey;
  text: string | null;
}

type OptionNamespace =
  | 'usageCategories'
  | 'propertyCategory'
  | 'buildingClass'
  | 'propertyKind'
  | 'truckAccess'
  | 'lobbyType'
  | 'securityMeasures'
  | 'nearbyParking'
  | 'publicTransport'
  | 'mainTrafficRoutes'
  | 'portsAirportsProximity'
  | 'onsiteAmenities';

const LOCALES = { he: 'he-IL', en: 'en-IL' } as const;

export function reviewRows(
  form: PropertyForm,
  step: 1 | 2 | 3 | 4,
  tWizard: TFunction<'wizard'>,
  tOptions: TFunction<'options'>,
  language: Language,
): ReviewRow[] {
  const values = formToValues(form);
  const list = (items: readonly string[]) =>
    items.length === 0 ? null : new Intl.ListFormat(LOCALES[language], { type: 'conjunction' }).format(items);
  const option = (namespace: OptionNamespace, value: string | null) =>
    value === null ? null : tOptions(`${namespace}.${value}` as 'propertyKind.offices');
  const options = (namespace: OptionNamespace, items: readonly string[]) =>
    list(items.map((item) => tOptions(`${namespace}.${item}` as 'propertyKind.offices')));
  const yesNo = (value: boolean | null) =>
    value === null ? null : tOptions(value ? 'yesNo.yes' : 'yesNo.no');
  const withUnit = (amount: string | null, unit: string) => (amount === null ? null : `${amount} ${unit}`);
  const row = (field: PropertyFieldKey, text: string | null): ReviewRow => ({ field, text });
  const kind = values.propertyKind;

  switch (step) {
    case 1:
      return [row('propertyKind', option('propertyKind', kind))];
    case 2:
      return [
        ...(kind === null || asksUsageCategories(kind)
          ? [row('usageCategories', options('usageCategories', values.usageCategories))]
          : []),
        ...(values.usageCategories.includes('other')
          ? [row('usageCategoriesOther', values.usageCategoriesOther)]
          : []),
        row('city', values.city),
        row('address', values.address),
        row('propertyCategory', option('propertyCategory', values.propertyCategory)),
        row('buildingClass', option('buildingClass', values.buildingClass)),
        row('totalArea', formatArea(values.totalArea, language)),
        row('marketingArea', formatArea(values.marketingArea, language)),
        row(
          'askingRentPerSqm',
          withUnit(formatShekel(values.askingRentPerSqm, language), tWizard('units.perSqmMonth')),
        ),
        row('salePrice', formatShekel(values.salePrice, language)),
      ];
    case 3:
      return buildingRows(values, { option, options, yesNo, withUnit, row, tWizard, language });
    case 4:
      return [
        row('publicTransport', options('publicTransport', values.publicTransport)),
        row('mainTrafficRoutes', options('mainTrafficRoutes', values.mainTrafficRoutes)),
        row('portsAirportsProximity', options('portsAirportsProximity', values.portsAirportsProximity)),
        row('onsiteAmenities', options('onsiteAmenities', values.onsiteAmenities)),
      ];
  }
}

interface RowHelpers {
  option: (namespace: OptionNamespace, value: string | null) => string | null;
  options: (namespace: OptionNamespace, items: readonly string[]) => string | null;
  yesNo: (value: boolean | null) => string | null;
  withUnit: (amount: string | null, unit: string) => string | null;
  row: (field: PropertyFieldKey, text: string | null) => ReviewRow;
  tWizard: TFunction<'wizard'>;
  language: Language;
}

function buildingRows(values: PropertyValues, helpers: RowHelpers): ReviewRow[] {
  const { option, options, yesNo, withUnit, row, tWizard, language } = helpers;
  const floors = values.floorsInBuilding;
  return [
    row('floorsInBuilding', floors === null ? null : formatCount(floors, language)),
    row('accessibleForDisabled', yesNo(values.accessibleForDisabled)),
    row('passengerElevator', yesNo(values.passengerElevator)),
    row('freightElevator', yesNo(values.freightElevator)),
    row('hasParking', yesNo(values.hasParking)),
    ...(values.hasParking === true
      ? [
          row(
            'parkingMonthlyCost',
            withUnit(formatShekel(values.parkingMonthlyCost, language), tWizard('units.perMonth')),
          ),
        ]
      : []),
    row('bicycleParking', yesNo(values.bicycleParking)),
    row('lobbyType', option('lobbyType', values.lobbyType)),
    row('truckAccess', options('truckAccess', values.truckAccess)),
    row('securityMeasures', options('securityMeasures', values.securityMeasures)),
    row('nearbyParking', options('nearbyParking', values.nearbyParking)),
  ];
}
