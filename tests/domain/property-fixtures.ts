import { createEmptyPropertyForm, type PropertyForm } from '@domain/property-form';
import type { PropertyValues } from '@domain/property-values';
import type { Property, PropertyInput } from '@openapi/schema';

/** Every field answered, for a logistics property (every question is asked for logistics). */
export function fullLogisticsValues(): PropertyValues {
  return {
    propertyKind: 'logistics',
    usageCategories: ['dryStorage', 'other'],
    usageCategoriesOther: 'אחסון ארכיונים',
    city: 'אשדוד',
    address: 'הנמל 12',
    propertyCategory: 'logisticsPark',
    buildingClass: 'classB',
    totalArea: 12_000,
    marketingArea: 8_500,
    askingRentPerSqm: 55,
    salePrice: 90_000_000,
    floorsInBuilding: 2,
    accessibleForDisabled: true,
    hasParking: true,
    parkingMonthlyCost: 350,
    bicycleParking: false,
    truckAccess: ['truck40ft', 'semiTrailer'],
    lobbyType: 'none',
    securityMeasures: ['cameras', 'security24_7'],
    passengerElevator: false,
    freightElevator: true,
    nearbyParking: ['privateParking'],
    publicTransport: ['urbanTransportLines'],
    mainTrafficRoutes: ['highways'],
    portsAirportsProximity: ['ashdodPort'],
    onsiteAmenities: ['cafeteria'],
    divisible: true,
    minDivisibleArea: 2_000,
    dealType: 'rentOrSale',
    managementFeePerSqm: 4,
    arnonaPerSqm: 9.5,
    entryDate: '2027-01-01',
    description: 'מרכז לוגיסטי עם 6 רמפות, קרוב לנמל',
    tourLink: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
    floor: 0,
    parkingSpaces: 20,
    condition: 'finished',
    airConditioning: 'none',
    clearHeight: 12,
    loadingDocks: 6,
    floorLoad: 3,
    electricalCapacity: 630,
  };
}

/** A form whose every step 1-4 question is answered, for the given kind. */
export function completeForm(kind: 'offices' | 'retail' | 'logistics' | 'industry'): PropertyForm {
  const form = createEmptyPropertyForm();
  const byKind = {
    offices: { usage: [], category: 'tower', truck: ['none'] },
    retail: { usage: ['showroom'], category: 'streetStore', truck: ['truck20ft'] },
    logistics: { usage: ['dryStorage'], category: 'logisticsPark', truck: ['truck40ft'] },
    industry: { usage: ['lightIndustry'], category: 'industrialPark', truck: ['truck20ft'] },
  } as const;
  const chosen = byKind[kind];
  return {
    ...form,
    generalInfo: {
      ...form.generalInfo,
      propertyKind: kind,
      usageCategories: [...chosen.usage],
      city: 'תל אביב-יפו',
      address: 'רוטשילד 22',
      propertyCategory: chosen.category,
      buildingClass: 'classA',
      totalArea: 1_250,
      marketingArea: 1_000,
      askingRentPerSqm: 95,
      salePrice: null,
    },
    buildingDetails: {
      ...form.buildingDetails,
      floorsInBuilding: 12,
      accessibleForDisabled: true,
      hasParking: true,
      parkingMonthlyCost: 600,
      bicycleParking: true,
      truckAccess: [...chosen.truck],
      lobbyType: 'staffedLobby',
      securityMeasures: ['controlledAccess'],
      passengerElevator: true,
      freightElevator: kind === 'offices' ? null : true,
      nearbyParking: ['publicParking'],
    },
    environmentTransport: {
      publicTransport: ['lightRail'],
      mainTrafficRoutes: ['highways'],
      portsAirportsProximity: [],
      onsiteAmenities: ['gym'],
    },
  };
}

/** What a server would answer for a created body: the input plus its own fields. */
export function storedProperty(input: Required<PropertyInput>, files?: Partial<Property['files']>): Property {
  const {
    images: _images,
    floorplansDoc: _floorplans,
    propertyVideos: _videos,
    virtualTours: _tours,
    fireCertifications: _fire,
    accessibilityCertifications: _access,
    technicalReports: _reports,
    ...fields
  } = input;
  return {
    ...fields,
    id: '7d1f0a52-3c1e-4a8e-9f67-2b8f1d9c4e10',
    activePublications: 0,
    hasEngagements: false,
    dataCompletion: 0,
    files: {
      propertyImages: [],
      floorplans: [],
      videos: [],
      virtualTours: [],
      fireCertifications: [],
      accessibilityCertifications: [],
      technicalReports: [],
      ...files,
    },
    createdAt: '2025-03-02T08:00:00.000Z',
    updatedAt: '2025-03-02T08:00:00.000Z',
    deletedAt: null,
  };
}

/** Every number the wizard and the server cap, at its cap: accepted on both sides, one more is not. */
export const AT_LIMIT = {
  totalArea: 1_000_000,
  marketingArea: 1_000_000,
  askingRentPerSqm: 10_000,
  salePrice: 10_000_000_000,
  hasParking: true,
  parkingMonthlyCost: 10_000,
  floorsInBuilding: 200,
} as const satisfies Partial<PropertyInput>;
