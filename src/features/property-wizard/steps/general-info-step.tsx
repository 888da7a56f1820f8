import { formatCount, formatShekel } from '@domain/format';
import { fieldsWhere } from '@domain/property-fields';
import type { ListedAreaField } from '@domain/property-list-query';
import {
  type PropertyCategory,
  propertyCategoriesFor,
  type UsageCategory,
  usageCategoriesFor,
} from '@domain/property-options';
import { asksUsageCategories } from '@domain/property-values';
import { fieldLimit, PROPERTY_LIMITS } from '@domain/wizard-rules';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '@/components/limited-text-input';
import { useFieldWords } from '@/i18n/field-words';
import { AmountField } from '../fields/amount-field';
import { ListingFacts } from '../fields/listing-facts';
import { RegistryField } from '../fields/registry-field';
import { TagLimitedMultiSelect } from '../fields/tag-limited-multi-select';
import { citySuggestions } from '../israeli-cities';
import { useWizard } from '../wizard-context';
import { fieldId } from '../wizard-problems';

const CITY_LIST_ID = 'wizard-city-suggestions';

// The areas: step 2's key facts in m² that the wizard checks itself (the total first), then step 2's
// groups after them, as the registry declares them (issue 21).
const AREAS = fieldsWhere(
  (spec) =>
    spec.step === 2 && spec.viewGroup === 'keyFacts' && spec.unit === 'sqm' && spec.checks !== 'declared',
) as readonly ListedAreaField[];
const UNIT_FACTS = fieldsWhere(
  (spec) => spec.step === 2 && spec.viewGroup === 'keyFacts' && spec.checks === 'declared',
);
const DEAL_TERMS = fieldsWhere((spec) => spec.step === 2 && spec.viewGroup === 'dealTerms');
const PRESENTATION = fieldsWhere((spec) => spec.step === 2 && spec.viewGroup === 'presentation');

/** Step 2: where the property is, what it may be used for, and its areas and asking prices. */
export function GeneralInfoStep() {
  const { t } = useTranslation('wizard');
  const words = useFieldWords();
  const { form, editGeneral, feedback, language } = useWizard();
  const general = form.generalInfo;
  const kind = general.propertyKind;
  const asksUsage = kind !== null && asksUsageCategories(kind);
  const usageOptions = kind ? usageCategoriesFor(kind) : [];
  const categoryOptions = kind ? propertyCategoriesFor(kind) : [];
  const { errorOf, touch } = feedback;
  const cutMessage = (field: 'usageCategoriesOther' | 'city' | 'address') =>
    t('limits.pastedCut', { limit: formatCount(fieldLimit(field) ?? 0, language) });
  const shekelHint = (value: number | null, hint = '') => {
    // A sum past 2^53 is held only roughly: echoing it would show other digits than were typed.
    const formatted =
      value !== null && value <= Number.MAX_SAFE_INTEGER ? formatShekel(value, language) : null;
    return formatted ? `${hint} · ${formatted}` : hint;
  };
  // An area's own hint where it has one (the marketed area's ceiling), else its unit's: the total
  // is only "in square metres", which is the unit's to say, not the field's.
  const areaHint = (field: ListedAreaField) => words(field).hint ?? t('unitHints.sqm');

  return (
    <Stack gap="lg">
      <datalist id={CITY_LIST_ID}>
        {citySuggestions(language).map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
      {asksUsage && (
        <TagLimitedMultiSelect
          id={fieldId('usageCategories')}
          label={words('usageCategories').label}
          description={words('usageCategories').hint}
          placeholder={
            general.usageCategories.length === 0 ? words('usageCategories').placeholder : undefined
          }
          withAsterisk
          data={usageOptions.map((value) => ({ value, label: words('usageCategories').option(value) }))}
          value={general.usageCategories}
          onChange={(value) => editGeneral({ usageCategories: value as UsageCategory[] })}
          onDropdownClose={() => touch('usageCategories')}
          error={errorOf('usageCategories')}
        />
      )}
      {asksUsage && general.usageCategories.includes('other') && (
        <LimitedTextInput
          id={fieldId('usageCategoriesOther')}
          label={words('usageCategoriesOther').label}
          placeholder={words('usageCategoriesOther').placeholder}
          withAsterisk
          maxLength={PROPERTY_LIMITS.maxUsageCategoriesOtherLength}
          cutMessage={cutMessage('usageCategoriesOther')}
          value={general.usageCategoriesOther}
          onChange={(event) => editGeneral({ usageCategoriesOther: event.currentTarget.value })}
          onBlur={() => touch('usageCategoriesOther')}
          error={errorOf('usageCategoriesOther')}
        />
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        <LimitedTextInput
          id={fieldId('city')}
          label={words('city').label}
          placeholder={words('city').placeholder}
          withAsterisk
          autoComplete="off"
          // Suggestions the browser offers as the broker types; any city may still be entered.
          list={CITY_LIST_ID}
          maxLength={PROPERTY_LIMITS.maxCityLength}
          cutMessage={cutMessage('city')}
          value={general.city}
          onChange={(event) => editGeneral({ city: event.currentTarget.value })}
          onBlur={() => touch('city')}
          error={errorOf('city')}
        />
        <LimitedTextInput
          id={fieldId('address')}
          label={words('address').label}
          placeholder={words('address').placeholder}
          withAsterisk
          autoComplete="street-address"
          maxLength={PROPERTY_LIMITS.maxAddressLength}
          cutMessage={cutMessage('address')}
          value={general.address}
          onChange={(event) => editGeneral({ address: event.currentTarget.value })}
          onBlur={() => touch('address')}
          error={errorOf('address')}
        />
        <Select
          id={fieldId('propertyCategory')}
          label={words('propertyCategory').label}
          placeholder={t('placeholders.select')}
          withAsterisk
          data={categoryOptions.map((value) => ({ value, label: words('propertyCategory').option(value) }))}
          value={general.propertyCategory}
          onChange={(value) => {
            editGeneral({ propertyCategory: value as PropertyCategory | null });
            touch('propertyCategory');
          }}
          onDropdownClose={() => touch('propertyCategory')}
          maxDropdownHeight={200}
          error={errorOf('propertyCategory')}
        />
        <RegistryField field="buildingClass" />
        {AREAS.map((field, index) => (
          <AmountField
            key={field}
            field={field}
            label={words(field).label}
            description={areaHint(field)}
            rightSection={t('units.sqm')}
            rightSectionWidth={48}
            value={general[field]}
            onAmountChange={(value) => {
              editGeneral({ [field]: value });
              // An area after the first is held to the total, so that error shows as it is typed.
              if (index > 0) touch(field);
            }}
            onBlur={() => touch(field)}
            error={errorOf(field)}
          />
        ))}
      </SimpleGrid>

      <ListingFacts title={t('listingFacts.unit')} fields={UNIT_FACTS} />
      <ListingFacts
        title={t('listingFacts.dealTerms')}
        fields={DEAL_TERMS}
        custom={{
          askingRentPerSqm: (
            <AmountField
              key="askingRentPerSqm"
              field="askingRentPerSqm"
              label={words('askingRentPerSqm').label}
              description={shekelHint(general.askingRentPerSqm, words('askingRentPerSqm').hint)}
              leftSection={t('units.shekel')}
              value={general.askingRentPerSqm}
              onAmountChange={(value) => editGeneral({ askingRentPerSqm: value })}
              onBlur={() => touch('askingRentPerSqm')}
              error={errorOf('askingRentPerSqm')}
            />
          ),
          salePrice: (
            <AmountField
              key="salePrice"
              field="salePrice"
              label={words('salePrice').label}
              description={shekelHint(general.salePrice, words('salePrice').hint)}
              leftSection={t('units.shekel')}
              allowDecimal={false}
              value={general.salePrice}
              onAmountChange={(value) => editGeneral({ salePrice: value })}
              onBlur={() => touch('salePrice')}
              error={errorOf('salePrice')}
            />
          ),
        }}
      />
      <ListingFacts title={t('listingFacts.presentation')} fields={PRESENTATION} />
    </Stack>
  );
}
