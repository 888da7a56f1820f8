import { fieldsWhere } from '@domain/property-fields';
import type { BuildingDetails } from '@domain/property-form';
import {
  LOBBY_TYPES,
  type LobbyType,
  NEARBY_PARKING,
  SECURITY_MEASURES,
  TRUCK_ACCESS,
  type TruckAccess,
} from '@domain/property-options';
import { requiresFreightElevator } from '@domain/property-values';
import { Group, Radio, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../fields/amount-field';
import { ChoiceChips } from '../fields/choice-chips';
import { ListingFacts } from '../fields/listing-facts';
import { YesNoField } from '../fields/yes-no-field';
import { useWizard } from '../wizard-context';
import { fieldId } from '../wizard-problems';

// Issue 21's facts of the space on this step; the warehouse ones show for logistics and industry only.
const BUILDING_FACTS = fieldsWhere((spec) => spec.step === 3 && spec.checks === 'declared' && !spec.kinds);
const WAREHOUSE_FACTS = fieldsWhere((spec) => spec.step === 3 && spec.checks === 'declared' && !!spec.kinds);

type YesNoKey = {
  [K in keyof BuildingDetails]: BuildingDetails[K] extends boolean | null ? K : never;
}[keyof BuildingDetails];

/** "No truck access" excludes every other answer: choosing it clears them, choosing another clears it. */
export function exclusiveNone(previous: readonly TruckAccess[], next: TruckAccess[]): TruckAccess[] {
  const added = next.filter((value) => !previous.includes(value));
  if (added.includes('none')) return ['none'];
  if (added.length > 0) return next.filter((value) => value !== 'none');
  return next;
}

/** Step 3: the building's facilities. Parking cost is asked only once the building has parking. */
export function BuildingDetailsStep() {
  const { t } = useTranslation('wizard');
  const { t: tOptions } = useTranslation('options');
  const { t: tField } = useTranslation('fields');
  const { form, editBuilding, feedback } = useWizard();
  const building = form.buildingDetails;
  const kind = form.generalInfo.propertyKind;
  const { errorOf, touch } = feedback;

  const yesNo = (field: YesNoKey, required: boolean) => (
    <YesNoField
      field={field}
      required={required}
      value={building[field]}
      error={errorOf(field)}
      onChange={(value) => {
        editBuilding({ [field]: value });
        touch(field);
      }}
    />
  );

  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        <AmountField
          field="floorsInBuilding"
          label={tField('floorsInBuilding')}
          allowDecimal={false}
          value={building.floorsInBuilding}
          onAmountChange={(value) => editBuilding({ floorsInBuilding: value })}
          onBlur={() => touch('floorsInBuilding')}
          error={errorOf('floorsInBuilding')}
        />
        {yesNo('accessibleForDisabled', true)}
        {yesNo('passengerElevator', true)}
        {yesNo('freightElevator', kind === null || requiresFreightElevator(kind))}
        {yesNo('hasParking', true)}
        {building.hasParking === true ? (
          <AmountField
            field="parkingMonthlyCost"
            label={tField('parkingMonthlyCost')}
            description={t('hints.parkingMonthlyCost')}
            leftSection={t('units.shekel')}
            value={building.parkingMonthlyCost}
            onAmountChange={(value) => editBuilding({ parkingMonthlyCost: value })}
            onBlur={() => touch('parkingMonthlyCost')}
            error={errorOf('parkingMonthlyCost')}
          />
        ) : (
          yesNo('bicycleParking', false)
        )}
        {building.hasParking === true && yesNo('bicycleParking', false)}
      </SimpleGrid>

      <ListingFacts fields={BUILDING_FACTS} />
      <ListingFacts title={t('listingFacts.warehouse')} fields={WAREHOUSE_FACTS} />

      <Radio.Group
        id={fieldId('lobbyType')}
        label={tField('lobbyType')}
        value={building.lobbyType}
        onChange={(value) => editBuilding({ lobbyType: value as LobbyType })}
        error={errorOf('lobbyType')}
      >
        <Group gap="lg" mt={6}>
          {LOBBY_TYPES.map((value) => (
            <Radio key={value} value={value} label={tOptions(`lobbyType.${value}`)} />
          ))}
        </Group>
      </Radio.Group>

      <ChoiceChips
        field="truckAccess"
        description={t('hints.truckAccess')}
        options={TRUCK_ACCESS}
        required
        value={building.truckAccess}
        error={errorOf('truckAccess')}
        onChange={(value) => {
          editBuilding({ truckAccess: exclusiveNone(building.truckAccess, value) });
          touch('truckAccess');
        }}
      />
      <ChoiceChips
        field="securityMeasures"
        options={SECURITY_MEASURES}
        value={building.securityMeasures}
        error={errorOf('securityMeasures')}
        onChange={(value) => editBuilding({ securityMeasures: value })}
      />
      <ChoiceChips
        field="nearbyParking"
        options={NEARBY_PARKING}
        value={building.nearbyParking}
        error={errorOf('nearbyParking')}
        onChange={(value) => {
          editBuilding({ nearbyParking: value });
          touch('nearbyParking');
        }}
      />
    </Stack>
  );
}
