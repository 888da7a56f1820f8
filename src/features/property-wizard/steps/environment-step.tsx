import {
  MAIN_TRAFFIC_ROUTES,
  ONSITE_AMENITIES,
  PORTS_AIRPORTS,
  PUBLIC_TRANSPORT,
} from '@domain/property-options';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChoiceChips } from '../fields/choice-chips';
import { useWizard } from '../wizard-context';

/** Step 4: transport and amenities, all multiple choice and all optional for moving on. */
export function EnvironmentStep() {
  const { t: tOptions } = useTranslation('options');
  const { t: tField } = useTranslation('fields');
  const { form, editEnvironment, feedback } = useWizard();
  const environment = form.environmentTransport;
  const { errorOf, touch } = feedback;

  return (
    <Stack gap="xl">
      <ChoiceChips
        field="publicTransport"
        label={tField('publicTransport')}
        options={PUBLIC_TRANSPORT}
        labelOf={(value) => tOptions(`publicTransport.${value}`)}
        value={environment.publicTransport}
        error={errorOf('publicTransport')}
        onChange={(value) => {
          editEnvironment({ publicTransport: value });
          touch('publicTransport');
        }}
      />
      <ChoiceChips
        field="mainTrafficRoutes"
        label={tField('mainTrafficRoutes')}
        options={MAIN_TRAFFIC_ROUTES}
        labelOf={(value) => tOptions(`mainTrafficRoutes.${value}`)}
        value={environment.mainTrafficRoutes}
        onChange={(value) => editEnvironment({ mainTrafficRoutes: value })}
      />
      <ChoiceChips
        field="portsAirportsProximity"
        label={tField('portsAirportsProximity')}
        options={PORTS_AIRPORTS}
        labelOf={(value) => tOptions(`portsAirportsProximity.${value}`)}
        value={environment.portsAirportsProximity}
        onChange={(value) => editEnvironment({ portsAirportsProximity: value })}
      />
      <ChoiceChips
        field="onsiteAmenities"
        label={tField('onsiteAmenities')}
        options={ONSITE_AMENITIES}
        labelOf={(value) => tOptions(`onsiteAmenities.${value}`)}
        value={environment.onsiteAmenities}
        onChange={(value) => editEnvironment({ onsiteAmenities: value })}
      />
    </Stack>
  );
}
