/**
 * The property's answers as one flat record, the shape every rule in domain reads. The wizard
 * form reaches it through `formToValues` (property-form.ts), the server through `inputToValues`
 * (an API body) or its own row, so each rule is written once for both sides.
 */
import type { components } from '@openapi/schema';
import type {
  BuildingClass,
  LobbyType,
  MainTrafficRoute,
  NearbyParking,
  OnsiteAmenity,
  PortAirport,
  PropertyCategory,
  PropertyKind,
  PublicTransport,
  SecurityMeasure,
  TruckAccess,
  UsageCategory,
} from './property-options';

type PropertyInput = components['schemas']['PropertyInput'];

export interface PropertyValues {
  propertyKind: PropertyKind | null;
  usageCategories: readonly UsageCategory[];
  usageCategoriesOther: string | null;
  city: string | null;
  address: string | null;
  propertyCategory: PropertyCategory | null;
  buildingClass: BuildingClass | null;
  /** m² */
  totalArea: number | null;
  /** m² */
  marketingArea: number | null;
  /** ₪ per m² per month */
  askingRentPerSqm: number | null;
  /** ₪ */
  salePrice: number | null;
  floorsInBuilding: number | null;
  accessibleForDisabled: boolean | null;
  hasParking: boolean | null;
  /** ₪ per month */
  parkingMonthlyCost: number | null;
  bicycleParking: boolean | null;
  truckAccess: readonly TruckAccess[];
  lobbyType: LobbyType | null;
  securityMeasures: readonly SecurityMeasure[];
  passengerElevator: boolean | null;
  freightElevator: boolean | null;
  nearbyParking: readonly NearbyParking[];
  publicTransport: readonly PublicTransport[];
  mainTrafficRoutes: readonly MainTrafficRoute[];
  portsAirportsProximity: readonly PortAirport[];
  onsiteAmenities: readonly OnsiteAmenity[];
}

export type PropertyFieldKey = keyof PropertyValues;

/**
 * Every field in the wizard's display order (step 1, 2, 3, 4). Rules report problems in this
 * order so a screen can focus the first one.
 */
export const PROPERTY_FIELD_KEYS = [
  'propertyKind',
  'usageCategories',
  'usageCategoriesOther',
  'city',
  'address',
  'propertyCategory',
  'buildingClass',
  'totalArea',
  'marketingArea',
  'askingRentPerSqm',
  'salePrice',
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
] as const satisfies readonly PropertyFieldKey[];

/**
 * "Answered": a string that is not blank, a boolean that is not null (false is an answer), a finite
 * number, a non-empty list. Undefined (a field left out of an API body) is not answered.
 */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

// Which questions the wizard asks for a kind. Each caller decides what an unchosen kind (null)
// means for its own rule, so these take a chosen kind only.

/** Offices have no usage categories in the spec, so the wizard does not ask for them. */
export function asksUsageCategories(kind: PropertyKind): boolean {
  return kind !== 'offices';
}

/** Spec 5, step 3: the freight elevator answer is required for every kind but offices. */
export function requiresFreightElevator(kind: PropertyKind): boolean {
  return kind !== 'offices';
}

/**
 * An API body as values: fields left out are unanswered (null or an empty list). Strings are kept
 * as sent; blank ones count as unanswered in every rule.
 */
export function inputToValues(input: PropertyInput): PropertyValues {
  return {
    propertyKind: input.propertyKind ?? null,
    usageCategories: input.usageCategories ?? [],
    usageCategoriesOther: input.usageCategoriesOther ?? null,
    city: input.city ?? null,
    address: input.address ?? null,
    propertyCategory: input.propertyCategory ?? null,
    buildingClass: input.buildingClass ?? null,
    totalArea: input.totalArea ?? null,
    marketingArea: input.marketingArea ?? null,
    askingRentPerSqm: input.askingRentPerSqm ?? null,
    salePrice: input.salePrice ?? null,
    floorsInBuilding: input.floorsInBuilding ?? null,
    accessibleForDisabled: input.accessibleForDisabled ?? null,
    hasParking: input.hasParking ?? null,
    parkingMonthlyCost: input.parkingMonthlyCost ?? null,
    bicycleParking: input.bicycleParking ?? null,
    truckAccess: input.truckAccess ?? [],
    lobbyType: input.lobbyType ?? null,
    securityMeasures: input.securityMeasures ?? [],
    passengerElevator: input.passengerElevator ?? null,
    freightElevator: input.freightElevator ?? null,
    nearbyParking: input.nearbyParking ?? [],
    publicTransport: input.publicTransport ?? [],
    mainTrafficRoutes: input.mainTrafficRoutes ?? [],
    portsAirportsProximity: input.portsAirportsProximity ?? [],
    onsiteAmenities: input.onsiteAmenities ?? [],
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? U[] : T[K] };

/** The values with every list copied into a plain array, as the API types and database rows want them. */
export function withListCopies(values: PropertyValues): Mutable<PropertyValues> {
  return {
    ...values,
    usageCategories: [...values.usageCategories],
    truckAccess: [...values.truckAccess],
    securityMeasures: [...values.securityMeasures],
    nearbyParking: [...values.nearbyParking],
    publicTransport: [...values.publicTransport],
    mainTrafficRoutes: [...values.mainTrafficRoutes],
    portsAirportsProximity: [...values.portsAirportsProximity],
    onsiteAmenities: [...values.onsiteAmenities],
  };
}
