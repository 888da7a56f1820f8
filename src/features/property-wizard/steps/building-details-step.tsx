import { fieldsWhere, isAsked, type PropertyFieldKey } from '@domain/property-fields';
import { LOBBY_TYPES, type LobbyType, TRUCK_ACCESS, type TruckAccess } from '@domain/property-options';
import { Group, Radio, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFieldWords } from '@/i18n/field-words';
import { ChoiceChips } from '../fields/choice-chips';
import { ListingFacts } from '../fields/listing-facts';
import { RegistryField } from '../fields/registry-field';
import { useWizard } from '../wizard-context';
import { fieldId } from '../wizard-problems';

// Issue 21's facts of the space on this step; the warehouse ones show for logistics and industry only.
const BUILDING_FACTS = fieldsWhere((spec) => spec.step === 3 && spec.checks === 'declared' && !spec.kinds);
const WAREHOUSE_FACTS = fieldsWhere((spec) => spec.step === 3 && spec.checks === 'declared' && !!spec.kinds);

/**
 * The step's first grid: the building's size and the yes-or-no answers publishing asks for first,
 * then parking (its cost only once the building has parking, the registry's `askedWhen`). An order
 * of its own, not the registry's: the review and the view page read the registry's.
 */
const BUILDING_GRID: readonly PropertyFieldKey[] = [
  'floorsInBuilding',
  'accessibleForDisabled',
  'passengerElevator',
  'freightElevator',
  'hasParking',
  'parkingMonthlyCost',
  'bicycleParking',
];
/** The truck access: "none" excludes the rest, and publishing needs an answer (wizard-rules.ts). */
const TRUCK_ACCESS_FIELD = 'truckAccess' satisfies PropertyFieldKey;
/** The building's other multiple choices, after the lobby and the truck access, in the registry's order. */
const BUILDING_CHOICES = fieldsWhere(
  (spec, field) => spec.step === 3 && spec.type === 'choices' && field !== TRUCK_ACCESS_FIELD,
);

/** "No truck access" excludes every other answer: choosing it clears them, choosing another clears it. */
export function exclusiveNone(previous: readonly TruckAccess[], next: TruckAccess[]): TruckAccess[] {
  const added = next.filter((value) => !previous.includes(value));
  if (added.includes('none')) return ['none'];
  if (added.length > 0) return next.filter((value) => value !== 'none');
  return next;
}

/** Step 3: the building's facilities, each drawn by the registry but the lobby and the truck access. */
export function BuildingDetailsStep() {
  const { t: tWizard } = useTranslation('wizard');
  const words = useFieldWords();
  const { form, editBuilding, feedback } = useWizard();
  const building = form.buildingDetails;
  const answers = { ...form.generalInfo, ...building };
  const { errorOf, touch } = feedback;

  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        {BUILDING_GRID.filter((field) => isAsked(field, answers)).map((field) => (
          <RegistryField key={field} field={field} />
        ))}
      </SimpleGrid>

      <ListingFacts fields={BUILDING_FACTS} />
      <ListingFacts title={tWizard('listingFacts.warehouse')} fields={WAREHOUSE_FACTS} />

      <Radio.Group
        id={fieldId('lobbyType')}
        label={words('lobbyType').label}
        value={building.lobbyType}
        onChange={(value) => editBuilding({ lobbyType: value as LobbyType })}
        error={errorOf('lobbyType')}
      >
        <Group gap="lg" mt={6}>
          {LOBBY_TYPES.map((value) => (
            <Radio key={value} value={value} label={words('lobbyType').option(value)} />
          ))}
        </Group>
      </Radio.Group>

      <ChoiceChips
        field="truckAccess"
        description={words('truckAccess').hint}
        options={TRUCK_ACCESS}
        required
        value={building.truckAccess}
        error={errorOf('truckAccess')}
        onChange={(value) => {
          editBuilding({ truckAccess: exclusiveNone(building.truckAccess, value) });
          touch('truckAccess');
        }}
      />
      {BUILDING_CHOICES.map((field) => (
        <RegistryField key={field} field={field} />
      ))}
    </Stack>
  );
}
