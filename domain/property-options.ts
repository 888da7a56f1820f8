/**
 * The option values of spec section 3, in one place. The OpenAPI contract repeats them as enums
 * (a contract test keeps the two equal); UI labels live in the i18n files keyed by these values.
 */

export const PROPERTY_KINDS = ['offices', 'retail', 'logistics', 'industry'] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

export const BUILDING_CLASSES = ['classA', 'classB', 'classC'] as const;
export type BuildingClass = (typeof BUILDING_CLASSES)[number];

/** The spec lists no usage categories for offices; the wizard does not ask for them there. */
export const USAGE_CATEGORIES_BY_KIND = {
  offices: [],
  retail: [
    'foodHospitality',
    'retailGeneral',
    'healthClinics',
    'beautyAesthetics',
    'leisureSports',
    'showroom',
    'eventsConferences',
    'other',
  ],
  industry: [
    'lightIndustry',
    'heavyIndustry',
    'laboratories',
    'assemblyPackaging',
    'foodProduction',
    'hazardousMaterials',
    'other',
  ],
  logistics: [
    'dryStorage',
    'refrigeratedStorage',
    'sensitiveStorage',
    'distributionCenter',
    'urbanLogistics',
    'other',
  ],
} as const satisfies Record<PropertyKind, readonly string[]>;

export const USAGE_CATEGORIES = uniqueValues(USAGE_CATEGORIES_BY_KIND);
export type UsageCategory = (typeof USAGE_CATEGORIES)[number];

export const PROPERTY_CATEGORIES_BY_KIND = {
  offices: ['tower', 'boutiqueBuilding', 'mixedBuilding', 'businessCenter', 'other'],
  retail: [
    'streetStore',
    'neighborhoodMall',
    'mall',
    'standaloneSpace',
    'residentialProjectCommercial',
    'officeProjectCommercial',
    'businessCenter',
    'other',
  ],
  industry: ['standaloneUnit', 'industrialPark', 'multiUnitBuilding'],
  logistics: ['standaloneUnit', 'logisticsPark', 'multiUnitBuilding'],
} as const satisfies Record<PropertyKind, readonly string[]>;

export const PROPERTY_CATEGORIES = uniqueValues(PROPERTY_CATEGORIES_BY_KIND);
export type PropertyCategory = (typeof PROPERTY_CATEGORIES)[number];

export const TRUCK_ACCESS = ['none', 'truck20ft', 'truck40ft', 'semiTrailer'] as const;
export const LOBBY_TYPES = ['none', 'activeLobby', 'staffedLobby'] as const;
/** The spec writes the last one as "security 24/7"; identifiers cannot hold a slash or space. */
export const SECURITY_MEASURES = ['entranceGuard', 'cameras', 'controlledAccess', 'security24_7'] as const;
export const ONSITE_AMENITIES = [
  'gym',
  'showers',
  'cafeteria',
  'restaurants',
  'businessCenter',
  'bank',
  'supermarket',
  'gasStation',
] as const;
export const NEARBY_PARKING = ['privateParking', 'publicParking', 'streetParking'] as const;
export const PUBLIC_TRANSPORT = [
  'trainStation',
  'lightRail',
  'centralBusStation',
  'urbanTransportLines',
] as const;
export const MAIN_TRAFFIC_ROUTES = ['highways', 'cityExits'] as const;
export const PORTS_AIRPORTS = ['haifaPort', 'ashdodPort', 'benGurionAirport', 'ramonAirport'] as const;
/** Rent, sale, or either: decides which of the asking rent and the sale price the wizard asks. */
export const DEAL_TYPES = ['rent', 'sale', 'rentOrSale'] as const;
/** The space as handed over: מעטפת, גמור, משופץ, מרוהט. */
export const PROPERTY_CONDITIONS = ['shell', 'finished', 'renovated', 'furnished'] as const;
export const AIR_CONDITIONING = ['central', 'vrf', 'split', 'none'] as const;

export type TruckAccess = (typeof TRUCK_ACCESS)[number];
export type LobbyType = (typeof LOBBY_TYPES)[number];
export type SecurityMeasure = (typeof SECURITY_MEASURES)[number];
export type OnsiteAmenity = (typeof ONSITE_AMENITIES)[number];
export type NearbyParking = (typeof NEARBY_PARKING)[number];
export type PublicTransport = (typeof PUBLIC_TRANSPORT)[number];
export type MainTrafficRoute = (typeof MAIN_TRAFFIC_ROUTES)[number];
export type PortAirport = (typeof PORTS_AIRPORTS)[number];
export type DealType = (typeof DEAL_TYPES)[number];
export type PropertyCondition = (typeof PROPERTY_CONDITIONS)[number];
export type AirConditioningType = (typeof AIR_CONDITIONING)[number];

export const PROPERTY_STATUSES = ['draft', 'published'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** Media groups of the wizard's step 5, with the multipart group names and categories of section 3/7. */
export const MEDIA_GROUPS = [
  { key: 'propertyImages', multipartGroup: 'PropertyImages', category: 'property_images', fileType: 'image' },
  { key: 'floorplans', multipartGroup: 'Floorplans', category: 'floorplans', fileType: 'document' },
  { key: 'videos', multipartGroup: 'Videos', category: 'videos', fileType: 'video' },
  { key: 'virtualTours', multipartGroup: 'VirtualTours', category: 'virtual_tours', fileType: 'video' },
  {
    key: 'fireCertifications',
    multipartGroup: 'FireCertifications',
    category: 'fire_certifications',
    fileType: 'document',
  },
  {
    key: 'accessibilityCertifications',
    multipartGroup: 'AccessibilityCertifications',
    category: 'accessibility_certifications',
    fileType: 'document',
  },
  {
    key: 'technicalReports',
    multipartGroup: 'TechnicalReports',
    category: 'technical_reports',
    fileType: 'document',
  },
] as const;
export type MediaGroup = (typeof MEDIA_GROUPS)[number];
export type MediaGroupKey = MediaGroup['key'];
export const FILE_TYPES = ['image', 'video', 'document'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const FILE_CATEGORIES = MEDIA_GROUPS.map((group) => group.category);
export type FileCategory = MediaGroup['category'];

export function usageCategoriesFor(kind: PropertyKind): readonly UsageCategory[] {
  return USAGE_CATEGORIES_BY_KIND[kind];
}

export function propertyCategoriesFor(kind: PropertyKind): readonly PropertyCategory[] {
  return PROPERTY_CATEGORIES_BY_KIND[kind];
}

function uniqueValues<T extends Record<string, readonly string[]>>(byKind: T): readonly T[keyof T][number][] {
  return [...new Set(Object.values(byKind).flat())] as T[keyof T][number][];
}
