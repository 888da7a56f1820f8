/**
 * Properties the tests create through the API, one definition for the server tests and the browser
 * journeys: what the broker would have typed, not what the screens show.
 */
import type { PropertyInput } from '@openapi/schema';

/** A published office tower in Tel Aviv: its page and its list row have what they show filled in. */
export function publishedOffice(overrides: Partial<PropertyInput> = {}): PropertyInput {
  return {
    status: 'published',
    wizardStep: 6,
    propertyKind: 'offices',
    city: 'תל אביב-יפו',
    address: 'רוטשילד 22',
    propertyCategory: 'tower',
    buildingClass: 'classA',
    totalArea: 1250,
    marketingArea: 1000,
    floorsInBuilding: 30,
    accessibleForDisabled: true,
    hasParking: true,
    parkingMonthlyCost: 650,
    truckAccess: ['none'],
    passengerElevator: true,
    nearbyParking: ['publicParking'],
    publicTransport: ['lightRail'],
    ...overrides,
  };
}

/** A draft office in Tel Aviv: the least an exposure request can offer. */
export function draftOffice(overrides: Partial<PropertyInput> = {}): PropertyInput {
  return {
    status: 'draft',
    wizardStep: 2,
    propertyKind: 'offices',
    city: 'תל אביב-יפו',
    address: 'הברזל 30',
    ...overrides,
  };
}
