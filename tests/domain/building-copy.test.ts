import { keptByABuildingCopy } from '@domain/building-copy';
import { PROPERTY_FIELD_KEYS } from '@domain/property-fields';
import { describe, expect, it } from 'vitest';
import { fullLogisticsValues } from './property-fixtures';

/** Spec 2's "add": what describes the building and its surroundings, as the row action kept it by hand. */
const THE_BUILDING = [
  'propertyKind',
  'city',
  'address',
  'propertyCategory',
  'buildingClass',
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
  'publicTransport',
  'mainTrafficRoutes',
  'portsAirportsProximity',
  'onsiteAmenities',
];

describe('a new draft in the same building', () => {
  const source = { ...fullLogisticsValues(), id: 'p-1', status: 'published' };
  const copy = keptByABuildingCopy(source);

  it('keeps the building’s answers as they were', () => {
    expect(Object.keys(copy).sort()).toEqual([...THE_BUILDING].sort());
    for (const field of THE_BUILDING)
      expect(copy).toHaveProperty(field, source[field as keyof typeof source]);
  });

  it('leaves the unit’s answers, its terms and everything that is not a field for the broker', () => {
    const left = PROPERTY_FIELD_KEYS.filter((field) => !(field in copy));

    expect(left).toEqual(PROPERTY_FIELD_KEYS.filter((field) => !THE_BUILDING.includes(field)));
    expect(left).toEqual(
      expect.arrayContaining(['totalArea', 'dealType', 'salePrice', 'floor', 'condition']),
    );
    expect(copy).not.toHaveProperty('id');
    expect(copy).not.toHaveProperty('status');
  });
});
