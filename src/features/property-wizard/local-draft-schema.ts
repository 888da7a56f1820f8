/**
 * What a stored local draft must look like to be used: version 1 of the machine's `LocalDraft`, every
 * answer of a known type and value. Storage is outside our control (another tab, an older build, a
 * curious user), so anything else is no draft at all rather than a form the rules would trip over.
 */

import {
  BUILDING_CLASSES,
  LOBBY_TYPES,
  MAIN_TRAFFIC_ROUTES,
  MEDIA_GROUPS,
  NEARBY_PARKING,
  ONSITE_AMENITIES,
  PORTS_AIRPORTS,
  PROPERTY_CATEGORIES,
  PROPERTY_KINDS,
  PUBLIC_TRANSPORT,
  SECURITY_MEASURES,
  TRUCK_ACCESS,
  USAGE_CATEGORIES,
} from '@domain/property-options';
import { clampWizardStep } from '@domain/wizard-rules';
import { LOCAL_DRAFT_VERSION, type LocalDraft } from '@machines/property-wizard/local-draft';
import * as z from 'zod/mini';

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.nullable(z.enum(values));
const list = <T extends readonly [string, ...string[]]>(values: T) => z.array(z.enum(values));
const amount = z.nullable(z.number());
const answer = z.nullable(z.boolean());

const storedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  mimeType: z.string(),
  // Only files already on the server are kept locally (toLocalDraftForm).
  stored: z.literal(true),
  caption: z.optional(z.string()),
});

const mediaShape = Object.fromEntries(
  MEDIA_GROUPS.map((group) => [group.key, z.array(storedFile)]),
) as Record<(typeof MEDIA_GROUPS)[number]['key'], z.ZodMiniArray<typeof storedFile>>;

const formSchema = z.object({
  generalInfo: z.object({
    propertyKind: choice(PROPERTY_KINDS),
    usageCategories: list(USAGE_CATEGORIES as unknown as [string, ...string[]]),
    usageCategoriesOther: z.string(),
    city: z.string(),
    address: z.string(),
    propertyCategory: choice(PROPERTY_CATEGORIES as unknown as [string, ...string[]]),
    buildingClass: choice(BUILDING_CLASSES),
    totalArea: amount,
    marketingArea: amount,
    askingRentPerSqm: amount,
    salePrice: amount,
  }),
  buildingDetails: z.object({
    floorsInBuilding: amount,
    accessibleForDisabled: answer,
    hasParking: answer,
    parkingMonthlyCost: amount,
    bicycleParking: answer,
    truckAccess: list(TRUCK_ACCESS),
    lobbyType: choice(LOBBY_TYPES),
    securityMeasures: list(SECURITY_MEASURES),
    passengerElevator: answer,
    freightElevator: answer,
    nearbyParking: list(NEARBY_PARKING),
  }),
  environmentTransport: z.object({
    publicTransport: list(PUBLIC_TRANSPORT),
    mainTrafficRoutes: list(MAIN_TRAFFIC_ROUTES),
    portsAirportsProximity: list(PORTS_AIRPORTS),
    onsiteAmenities: list(ONSITE_AMENITIES),
  }),
  mediaDocuments: z.object(mediaShape),
});

const step = z.pipe(z.number(), z.transform(clampWizardStep));

const draftSchema = z.object({
  version: z.literal(LOCAL_DRAFT_VERSION),
  form: formSchema,
  step,
  furthestStep: step,
  startedAt: z.number(),
  savedAt: z.number(),
  unsavedServer: z.boolean(),
  draftKey: z.optional(z.string().check(z.maxLength(100))),
});

/** The draft, or null when `value` is not a valid version-1 draft. */
export function parseLocalDraft(value: unknown): LocalDraft | null {
  const result = draftSchema.safeParse(value);
  // The enums above are the option lists the form's types are built from, so the shapes agree.
  return result.success ? (result.data as LocalDraft) : null;
}
