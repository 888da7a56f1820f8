import {
  MAIN_TRAFFIC_ROUTES,
  ONSITE_AMENITIES,
  PORTS_AIRPORTS,
  PUBLIC_TRANSPORT,
} from '@domain/property-options';
import { Stack } from '@mantine/core';
import { ChoiceChips } from '../fields/choice-chips';
import { useWizard } from '../wizard-context';

/** Step 4: transport and amenities, all multiple choice and all optional for moving on. */
export function EnvironmentStep() {
  const { form, editEnvironment, feedback } = useWizard();
  const environment = form.environmentTransport;
  const { errorOf, touch } = feedback;

  return (
    <Stack gap="xl">
      <ChoiceChips
        field="publicTransport"
        options={PUBLIC_TRANSPORT}
        value={environment.publicTransport}
        error={errorOf('publicTransport')}
        onChange={(value) => {
          editEnvironment({ publicTransport: value });
          touch('publicTransport');
        }}
      />
      <ChoiceChips
        field="mainTrafficRoutes"
        options={MAIN_TRAFFIC_ROUTES}
        value={environment.mainTrafficRoutes}
        onChange={(value) => editEnvironment({ mainTrafficRoutes: value })}
      />
      <ChoiceChips
        field="portsAirportsProximity"
        options={PORTS_AIRPORTS}
        value={environment.portsAirportsProximity}
        onChange={(value) => editEnvironment({ portsAirportsProximity: value })}
      />
      <ChoiceChips
        field="onsiteAmenities"
        options={ONSITE_AMENITIES}
        value={environment.onsiteAmenities}
        onChange={(value) => editEnvironment({ onsiteAmenities: value })}
      />
    </Stack>
  );
}
