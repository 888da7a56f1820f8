import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { propertyKeys } from '@/api/query-keys';
import type { Property, PropertyInput } from '../property-types';
import { getProperty } from './get-property';

/**
 * The row action "add" (spec 2 names it, and nothing more): a new draft in the same building. What
 * describes the building and its surroundings is copied; what describes one unit (its use, areas,
 * prices) and the media are left for the broker to fill in. The draft opens in the wizard at step 2,
 * where the unit's own answers start.
 */
export function buildingCopyOf(source: Property): PropertyInput {
  return {
    status: 'draft',
    wizardStep: 2,
    propertyKind: source.propertyKind,
    city: source.city,
    address: source.address,
    propertyCategory: source.propertyCategory,
    buildingClass: source.buildingClass,
    floorsInBuilding: source.floorsInBuilding,
    accessibleForDisabled: source.accessibleForDisabled,
    hasParking: source.hasParking,
    parkingMonthlyCost: source.parkingMonthlyCost,
    bicycleParking: source.bicycleParking,
    truckAccess: source.truckAccess,
    lobbyType: source.lobbyType,
    securityMeasures: source.securityMeasures,
    passengerElevator: source.passengerElevator,
    freightElevator: source.freightElevator,
    nearbyParking: source.nearbyParking,
    publicTransport: source.publicTransport,
    mainTrafficRoutes: source.mainTrafficRoutes,
    portsAirportsProximity: source.portsAirportsProximity,
    onsiteAmenities: source.onsiteAmenities,
  };
}

export async function copyPropertyBuilding(id: string): Promise<Property> {
  const source = await getProperty(id);
  return unwrap(api.POST('/property/create', { body: buildingCopyOf(source) }));
}

export function copyBuildingMutation(queryClient: QueryClient): MutationOptions<Property, Error, string> {
  return {
    mutationFn: copyPropertyBuilding,
    onSuccess: (created) => {
      queryClient.setQueryData(propertyKeys.detail(created.id), created);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: propertyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: propertyKeys.summary() }),
      ]);
    },
  };
}
