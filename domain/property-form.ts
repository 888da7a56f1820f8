/**
 * The wizard's draft form (spec 3, "Property draft form") and its conversions to and from the API.
 * The form keeps what the user typed, including answers to questions that are hidden for the moment
 * (a parking cost after "no parking"), so toggling an answer back restores them; the conversions
 * send only what the visible questions say.
 */
import type { components } from '@openapi/schema';
import {
  type BuildingClass,
  type LobbyType,
  type MainTrafficRoute,
  MEDIA_GROUPS,
  type MediaGroupKey,
  type NearbyParking,
  type OnsiteAmenity,
  type PortAirport,
  type PropertyCategory,
  type PropertyKind,
  type PropertyStatus,
  type PublicTransport,
  propertyCategoriesFor,
  type SecurityMeasure,
  type TruckAccess,
  type UsageCategory,
  usageCategoriesFor,
} from './property-options';
import {
  asksUsageCategories,
  inputToValues,
  isFilled,
  type PropertyValues,
  withListCopies,
} from './property-values';

type PropertyInput = components['schemas']['PropertyInput'];
type Property = components['schemas']['Property'];
type PropertyFile = components['schemas']['PropertyFile'];

/**
 * A file in the media step, described without the browser's File so this module stays pure. A
 * screen may extend it (e.g. with the File itself); every function here keeps the extra fields.
 */
export interface MediaFileDescriptor {
  id: string;
  name: string;
  size: number;
  mimeType: string;
  /** True for a file already stored on the server (from fromProperty); new local files leave it out. */
  stored?: boolean;
  /** A photo's caption as typed (domain/media-rules.ts normalises and limits it); absent for none. */
  caption?: string;
}

export interface GeneralInfo {
  propertyKind: PropertyKind | null;
  usageCategories: UsageCategory[];
  usageCategoriesOther: string;
  city: string;
  address: string;
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
}

export interface BuildingDetails {
  floorsInBuilding: number | null;
  accessibleForDisabled: boolean | null;
  hasParking: boolean | null;
  /** ₪ per month */
  parkingMonthlyCost: number | null;
  bicycleParking: boolean | null;
  truckAccess: TruckAccess[];
  lobbyType: LobbyType | null;
  securityMeasures: SecurityMeasure[];
  passengerElevator: boolean | null;
  freightElevator: boolean | null;
  nearbyParking: NearbyParking[];
}

export interface EnvironmentTransport {
  publicTransport: PublicTransport[];
  mainTrafficRoutes: MainTrafficRoute[];
  portsAirportsProximity: PortAirport[];
  onsiteAmenities: OnsiteAmenity[];
}

export type MediaDocuments<F extends MediaFileDescriptor = MediaFileDescriptor> = Record<MediaGroupKey, F[]>;

export interface PropertyForm<F extends MediaFileDescriptor = MediaFileDescriptor> {
  generalInfo: GeneralInfo;
  buildingDetails: BuildingDetails;
  environmentTransport: EnvironmentTransport;
  mediaDocuments: MediaDocuments<F>;
}

/** The API's file-id list for each media group (spec 3, "Property create payload"). */
export const MEDIA_INPUT_FIELDS = {
  propertyImages: 'images',
  floorplans: 'floorplansDoc',
  videos: 'propertyVideos',
  virtualTours: 'virtualTours',
  fireCertifications: 'fireCertifications',
  accessibilityCertifications: 'accessibilityCertifications',
  technicalReports: 'technicalReports',
} as const satisfies Record<MediaGroupKey, keyof PropertyInput>;

export type MediaInputField = (typeof MEDIA_INPUT_FIELDS)[MediaGroupKey];

/** Unanswered everywhere: null means "not answered" (false is an answer), lists are empty. */
export function createEmptyPropertyForm<
  F extends MediaFileDescriptor = MediaFileDescriptor,
>(): PropertyForm<F> {
  return {
    generalInfo: {
      propertyKind: null,
      usageCategories: [],
      usageCategoriesOther: '',
      city: '',
      address: '',
      propertyCategory: null,
      buildingClass: null,
      totalArea: null,
      marketingArea: null,
      askingRentPerSqm: null,
      salePrice: null,
    },
    buildingDetails: {
      floorsInBuilding: null,
      accessibleForDisabled: null,
      hasParking: null,
      parkingMonthlyCost: null,
      bicycleParking: null,
      truckAccess: [],
      lobbyType: null,
      securityMeasures: [],
      passengerElevator: null,
      freightElevator: null,
      nearbyParking: [],
    },
    environmentTransport: {
      publicTransport: [],
      mainTrafficRoutes: [],
      portsAirportsProximity: [],
      onsiteAmenities: [],
    },
    mediaDocuments: emptyMedia<F>(),
  };
}

/**
 * The form as the flat values every rule reads. Strings are trimmed (blank becomes null) and the
 * answers of hidden questions are left out: the "other" text without "other" chosen, a parking
 * cost without parking, usage categories for offices, truck access where it is not asked.
 */
export function formToValues(form: PropertyForm): PropertyValues {
  const general = form.generalInfo;
  const building = form.buildingDetails;
  const kind = general.propertyKind;
  return {
    propertyKind: kind,
    usageCategories: kind !== null && !asksUsageCategories(kind) ? [] : [...general.usageCategories],
    usageCategoriesOther: general.usageCategories.includes('other')
      ? trimmedOrNull(general.usageCategoriesOther)
      : null,
    city: trimmedOrNull(general.city),
    address: trimmedOrNull(general.address),
    propertyCategory: general.propertyCategory,
    buildingClass: general.buildingClass,
    totalArea: finiteOrNull(general.totalArea),
    marketingArea: finiteOrNull(general.marketingArea),
    askingRentPerSqm: finiteOrNull(general.askingRentPerSqm),
    salePrice: finiteOrNull(general.salePrice),
    floorsInBuilding: finiteOrNull(building.floorsInBuilding),
    accessibleForDisabled: building.accessibleForDisabled,
    hasParking: building.hasParking,
    parkingMonthlyCost: building.hasParking === true ? finiteOrNull(building.parkingMonthlyCost) : null,
    bicycleParking: building.bicycleParking,
    truckAccess: [...building.truckAccess],
    lobbyType: building.lobbyType,
    securityMeasures: [...building.securityMeasures],
    passengerElevator: building.passengerElevator,
    freightElevator: building.freightElevator,
    nearbyParking: [...building.nearbyParking],
    publicTransport: [...form.environmentTransport.publicTransport],
    mainTrafficRoutes: [...form.environmentTransport.mainTrafficRoutes],
    portsAirportsProximity: [...form.environmentTransport.portsAirportsProximity],
    onsiteAmenities: [...form.environmentTransport.onsiteAmenities],
  };
}

export interface ToPropertyInputOptions {
  status: PropertyStatus;
  /** The step the wizard is on, so a draft reopens where the broker left it (1 to 6). */
  wizardStep: number;
  /**
   * 'create' (default): the seven file lists are empty, files travel in the multipart request.
   * 'update': each list names the stored files to keep, in display order.
   */
  purpose?: 'create' | 'update';
}

/** The flat API body (openapi PropertyInput), every field present. */
export function toPropertyInput(
  form: PropertyForm,
  { status, wizardStep, purpose = 'create' }: ToPropertyInputOptions,
): Required<PropertyInput> {
  const values = formToValues(form);
  const fileIds = (key: MediaGroupKey): string[] =>
    purpose === 'create'
      ? []
      : form.mediaDocuments[key].filter((file) => file.stored === true).map((file) => file.id);
  return {
    status,
    wizardStep,
    ...withListCopies(values),
    images: fileIds('propertyImages'),
    floorplansDoc: fileIds('floorplans'),
    propertyVideos: fileIds('videos'),
    virtualTours: fileIds('virtualTours'),
    fireCertifications: fileIds('fireCertifications'),
    accessibilityCertifications: fileIds('accessibilityCertifications'),
    technicalReports: fileIds('technicalReports'),
    // Every stored photo's caption, blank for none, so a caption cleared in the wizard is cleared.
    imageCaptions: Object.fromEntries(
      fileIds('propertyImages').map((id) => [
        id,
        form.mediaDocuments.propertyImages.find((file) => file.id === id)?.caption ?? '',
      ]),
    ),
  };
}

/**
 * A stored property back into the form, to resume a draft or edit. The step to reopen is
 * `property.wizardStep`. Stored files become descriptors marked `stored`.
 */
export function fromProperty(property: Property): PropertyForm {
  const values = inputToValues(property);
  const mediaDocuments = emptyMedia();
  for (const group of MEDIA_GROUPS) {
    mediaDocuments[group.key] = [...property.files[group.key]]
      .sort((a, b) => a.position - b.position)
      .map(toDescriptor);
  }
  return {
    generalInfo: {
      propertyKind: values.propertyKind,
      usageCategories: [...values.usageCategories],
      usageCategoriesOther: values.usageCategoriesOther ?? '',
      city: values.city ?? '',
      address: values.address ?? '',
      propertyCategory: values.propertyCategory,
      buildingClass: values.buildingClass,
      totalArea: values.totalArea,
      marketingArea: values.marketingArea,
      askingRentPerSqm: values.askingRentPerSqm,
      salePrice: values.salePrice,
    },
    buildingDetails: {
      floorsInBuilding: values.floorsInBuilding,
      accessibleForDisabled: values.accessibleForDisabled,
      hasParking: values.hasParking,
      parkingMonthlyCost: values.parkingMonthlyCost,
      bicycleParking: values.bicycleParking,
      truckAccess: [...values.truckAccess],
      lobbyType: values.lobbyType,
      securityMeasures: [...values.securityMeasures],
      passengerElevator: values.passengerElevator,
      freightElevator: values.freightElevator,
      nearbyParking: [...values.nearbyParking],
    },
    environmentTransport: {
      publicTransport: [...values.publicTransport],
      mainTrafficRoutes: [...values.mainTrafficRoutes],
      portsAirportsProximity: [...values.portsAirportsProximity],
      onsiteAmenities: [...values.onsiteAmenities],
    },
    mediaDocuments,
  };
}

/**
 * Choose a kind. Answers that do not exist for the new kind are dropped (usage categories, the
 * "other" text once "other" is gone, a property category of another kind, truck access where it
 * is not asked) so that what the broker sees is what gets saved. Same kind: the form is returned
 * unchanged, so a machine can compare by reference.
 */
export function applyKindChange<F extends MediaFileDescriptor>(
  form: PropertyForm<F>,
  kind: PropertyKind,
): PropertyForm<F> {
  if (form.generalInfo.propertyKind === kind) return form;
  const validUsage: readonly string[] = usageCategoriesFor(kind);
  const validCategories: readonly string[] = propertyCategoriesFor(kind);
  const usageCategories = form.generalInfo.usageCategories.filter((value) => validUsage.includes(value));
  const category = form.generalInfo.propertyCategory;
  return {
    ...form,
    generalInfo: {
      ...form.generalInfo,
      propertyKind: kind,
      usageCategories,
      usageCategoriesOther: usageCategories.includes('other') ? form.generalInfo.usageCategoriesOther : '',
      propertyCategory: category !== null && validCategories.includes(category) ? category : null,
    },
  };
}

/** True when the form has no answer and no file at all (nothing worth offering to resume). */
export function isPropertyFormEmpty(form: PropertyForm): boolean {
  const values = formToValues(form);
  const hasAnswer = Object.values(values).some(isFilled);
  const hasFile = MEDIA_GROUPS.some((group) => form.mediaDocuments[group.key].length > 0);
  return !hasAnswer && !hasFile;
}

function emptyMedia<F extends MediaFileDescriptor = MediaFileDescriptor>(): MediaDocuments<F> {
  return {
    propertyImages: [],
    floorplans: [],
    videos: [],
    virtualTours: [],
    fireCertifications: [],
    accessibilityCertifications: [],
    technicalReports: [],
  };
}

function toDescriptor(file: PropertyFile): MediaFileDescriptor {
  const descriptor = { id: file.id, name: file.fileName, size: file.size, mimeType: file.mimeType };
  return { ...descriptor, stored: true, ...(file.caption ? { caption: file.caption } : {}) };
}

function trimmedOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}
