/**
 * The wizard's draft form (spec 3, "Property draft form") and its conversions to and from the API.
 * The form keeps what the user typed, including answers to questions that are hidden for the moment
 * (a parking cost after "no parking"), so toggling an answer back restores them; the conversions
 * send only what the visible questions say.
 */
import type { Property, PropertyFile, PropertyInput } from '@openapi/schema';
import {
  chosenKind,
  emptyFormValue,
  type FormSection,
  fieldSpec,
  fieldsOfSection,
  fieldsWhere,
  isAsked,
  isTextual,
  KIND_FIELD,
  PROPERTY_FIELD_KEYS,
  type SectionFormValues,
} from './property-fields';
import { MEDIA_GROUPS, type MediaGroupKey, type PropertyKind, type PropertyStatus } from './property-options';
import { inputToValues, isFilled, type PropertyValues, withListCopies } from './property-values';

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

/** Each step's answers, as the registry (property-fields.ts) declares them by form section. */
export type GeneralInfo = SectionFormValues<'generalInfo'>;
export type BuildingDetails = SectionFormValues<'buildingDetails'>;
export type EnvironmentTransport = SectionFormValues<'environmentTransport'>;

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
    generalInfo: emptySection('generalInfo') as GeneralInfo,
    buildingDetails: emptySection('buildingDetails') as BuildingDetails,
    environmentTransport: emptySection('environmentTransport') as EnvironmentTransport,
    mediaDocuments: emptyMedia<F>(),
  };
}

/**
 * The form as the flat values every rule reads. Strings are trimmed (blank becomes null), numbers
 * that are not finite become null, and the answers of hidden questions are left out (the registry's
 * `kinds` and `askedWhen`): the "other" text without "other" chosen, a parking cost without
 * parking, usage categories for offices.
 */
export function formToValues(form: PropertyForm): PropertyValues {
  const answers: Record<string, unknown> = {
    ...form.generalInfo,
    ...form.buildingDetails,
    ...form.environmentTransport,
  };
  const values: Record<string, unknown> = {};
  for (const key of PROPERTY_FIELD_KEYS) {
    const answer = answers[key];
    if (!isAsked(key, answers)) {
      values[key] = fieldSpec(key).type === 'choices' ? [] : null;
      continue;
    }
    switch (fieldSpec(key).type) {
      case 'choices':
        values[key] = [...(answer as readonly string[])];
        break;
      case 'text':
      case 'date':
      case 'link':
        values[key] = trimmedOrNull(answer as string);
        break;
      case 'number':
      case 'integer':
        values[key] = finiteOrNull(answer as number | null);
        break;
      default:
        values[key] = answer;
    }
  }
  return values as PropertyValues;
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
    generalInfo: sectionFromValues('generalInfo', values) as GeneralInfo,
    buildingDetails: sectionFromValues('buildingDetails', values) as BuildingDetails,
    environmentTransport: sectionFromValues('environmentTransport', values) as EnvironmentTransport,
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
  if (chosenKind(form.generalInfo) === kind) return form;
  const general: Record<string, unknown> = { ...form.generalInfo, [KIND_FIELD]: kind };
  for (const field of KIND_OPTION_FIELDS) {
    const valid: readonly unknown[] = fieldSpec(field).optionsByKind?.[kind] ?? [];
    const answer = general[field];
    general[field] = Array.isArray(answer)
      ? answer.filter((value) => valid.includes(value))
      : valid.includes(answer)
        ? answer
        : null;
  }
  // A text asked only with one of a list's options (the "other" usage) goes once that option is gone.
  for (const field of TEXTS_OF_AN_OPTION) {
    if (!isAsked(field, general)) general[field] = emptyFormValue(field);
  }
  return { ...form, generalInfo: general as PropertyForm<F>['generalInfo'] };
}

/** The step 2 answers that only some kinds' options allow (the registry's `optionsByKind`). */
const KIND_OPTION_FIELDS = fieldsWhere(
  (spec) => spec.section === 'generalInfo' && spec.optionsByKind !== undefined,
);
const TEXTS_OF_AN_OPTION = fieldsWhere(
  (spec) => spec.section === 'generalInfo' && spec.type === 'text' && spec.askedWhen?.includes !== undefined,
);

/** True when the form has no answer and no file at all (nothing worth offering to resume). */
export function isPropertyFormEmpty(form: PropertyForm): boolean {
  const values = formToValues(form);
  const hasAnswer = Object.values(values).some(isFilled);
  const hasFile = MEDIA_GROUPS.some((group) => form.mediaDocuments[group.key].length > 0);
  return !hasAnswer && !hasFile;
}

function emptyMedia<F extends MediaFileDescriptor = MediaFileDescriptor>(): MediaDocuments<F> {
  return Object.fromEntries(MEDIA_GROUPS.map((group) => [group.key, [] as F[]])) as MediaDocuments<F>;
}

function emptySection(section: FormSection): Record<string, unknown> {
  return Object.fromEntries(fieldsOfSection(section).map((key) => [key, emptyFormValue(key)]));
}

/** Stored values as a section's form answers: null text becomes '', lists are copied. */
function sectionFromValues(section: FormSection, values: PropertyValues): Record<string, unknown> {
  return Object.fromEntries(
    fieldsOfSection(section).map((key) => {
      const value = values[key];
      if (Array.isArray(value)) return [key, [...value]];
      if (isTextual(fieldSpec(key).type)) return [key, value ?? ''];
      return [key, value];
    }),
  );
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
