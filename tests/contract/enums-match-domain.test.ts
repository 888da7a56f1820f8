import { readFileSync } from 'node:fs';
import {
  AIR_CONDITIONING,
  BUILDING_CLASSES,
  DEAL_TYPES,
  FILE_CATEGORIES,
  FILE_TYPES,
  LOBBY_TYPES,
  MAIN_TRAFFIC_ROUTES,
  MEDIA_GROUPS,
  NEARBY_PARKING,
  ONSITE_AMENITIES,
  PORTS_AIRPORTS,
  PROPERTY_CATEGORIES,
  PROPERTY_CONDITIONS,
  PROPERTY_KINDS,
  PROPERTY_STATUSES,
  PUBLIC_TRANSPORT,
  SECURITY_MEASURES,
  TRUCK_ACCESS,
  USAGE_CATEGORIES,
} from '@domain/property-options';
import { COMPANY_TYPES, OTP_PROCESSES, REGISTRATION_STEPS } from '@domain/registration';
import { EXPOSURE_STATUSES } from '@machines/exposure-request/exposure-request.machine';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Schema = {
  enum?: unknown[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
};
const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8'));
const schemas = document.components.schemas as Record<string, Schema>;

/** Every named enum of the contract, and the domain constant it must equal. */
const DOMAIN_VALUES: Record<string, readonly unknown[]> = {
  PropertyKind: PROPERTY_KINDS,
  DealType: DEAL_TYPES,
  PropertyCondition: PROPERTY_CONDITIONS,
  AirConditioning: AIR_CONDITIONING,
  PropertyStatus: PROPERTY_STATUSES,
  BuildingClass: BUILDING_CLASSES,
  UsageCategory: USAGE_CATEGORIES,
  PropertyCategory: PROPERTY_CATEGORIES,
  TruckAccess: TRUCK_ACCESS,
  LobbyType: LOBBY_TYPES,
  SecurityMeasure: SECURITY_MEASURES,
  OnsiteAmenity: ONSITE_AMENITIES,
  NearbyParking: NEARBY_PARKING,
  PublicTransport: PUBLIC_TRANSPORT,
  MainTrafficRoute: MAIN_TRAFFIC_ROUTES,
  PortAirport: PORTS_AIRPORTS,
  FileType: FILE_TYPES,
  FileCategory: FILE_CATEGORIES,
  CompanyType: COMPANY_TYPES,
  RegistrationStep: REGISTRATION_STEPS,
  OtpProcess: OTP_PROCESSES,
  /** The exposure-request machine's states: the contract's statuses are exactly its states. */
  ExposureStatus: EXPOSURE_STATUSES,
};

describe('enums in openapi.yaml and constants in domain', () => {
  it.each(Object.entries(DOMAIN_VALUES))('%s has the same values in the same order', (name, values) => {
    expect(schemas[name]?.enum).toEqual([...values]);
  });

  it('leaves no named enum of the contract unchecked', () => {
    const named = Object.entries(schemas)
      .filter(([, schema]) => Array.isArray(schema.enum))
      .map(([name]) => name)
      .sort();

    expect(named).toEqual(Object.keys(DOMAIN_VALUES).sort());
  });

  it.each(['/property/create-with-files', '/property/{id}/files'])(
    'names the multipart file groups of %s as the media step does',
    (path) => {
      const patterns = Object.keys(multipartPatterns(path));
      // Parts every group takes name the groups as one alternation; a caption is a photo's only.
      const shared = patterns.filter((pattern) => pattern.startsWith('^files\\.('));
      const groups = shared.map((pattern) => /^\^files\\\.\(([^)]+)\)/.exec(pattern)?.[1]);

      expect(shared.length).toBeGreaterThan(0);
      expect(patterns.filter((pattern) => !shared.includes(pattern))).toEqual([
        '^files\\.PropertyImages\\[\\d+\\]\\.Caption$',
      ]);
      for (const alternation of groups) {
        expect(alternation?.split('|')).toEqual(MEDIA_GROUPS.map((group) => group.multipartGroup));
      }
    },
  );

  it('groups a property’s files by the media group keys', () => {
    const files = schemas.Property?.properties?.files?.properties ?? {};

    expect(Object.keys(files)).toEqual(MEDIA_GROUPS.map((group) => group.key));
  });
});

function multipartPatterns(path: string): Record<string, Schema> {
  return document.paths[path].post.requestBody.content['multipart/form-data'].schema.patternProperties;
}
