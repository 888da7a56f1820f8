import { dataCompletion } from '@domain/data-completion';
import { fieldsWhere, isTextual } from '@domain/property-fields';
import { LISTED_FIELDS } from '@domain/property-list-tables';
import { MEDIA_GROUPS, type MediaGroupKey } from '@domain/property-options';
import {
  inputToValues,
  PROPERTY_FIELD_KEYS,
  type PropertyValues,
  withListCopies,
} from '@domain/property-values';
import type { Property, PropertyFile, PropertyInput, PropertyListItem } from '@openapi/schema';
import type { PropertyChanges, PropertyRow } from '../repositories/property.repository';
import type { PropertyListRow } from '../repositories/property-list.repository';
import type { PropertyFileView } from '../repositories/property-view.repository';
import type { FileUrlSigner } from '../storage/file-url-signer';
import { FILE_ID_FIELDS } from './property-rules';

/**
 * Text columns hold option values the contract and domain check on the way in; this is the one
 * place that reads them back as those types.
 */
export function rowToValues(row: PropertyRow): PropertyValues {
  return Object.fromEntries(PROPERTY_FIELD_KEYS.map((key) => [key, row[key]])) as unknown as PropertyValues;
}

/** The stored property as a body, so an update's body can be laid over it and checked whole. */
export function rowToInput(row: PropertyRow): PropertyInput {
  return {
    ...rowToValues(row),
    status: row.status as PropertyInput['status'],
    wizardStep: row.wizardStep,
  } as PropertyInput;
}

const TEXT_FIELDS = fieldsWhere((spec) => isTextual(spec.type));

/** The body without its file-id lists and captions (they are not columns) and with text trimmed (blank means unanswered). */
export function normalizeInput(input: PropertyInput): PropertyInput {
  const normalized: Record<string, unknown> = { ...input };
  for (const field of FILE_ID_FIELDS) delete normalized[field];
  delete normalized.imageCaptions;
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (typeof value === 'string') normalized[field] = value.trim() === '' ? null : value.trim();
  }
  return normalized as PropertyInput;
}

/** Every column a save writes, from a whole property, with its completion score computed here. */
export function inputToChanges(input: PropertyInput, now: Date): PropertyChanges {
  const values = inputToValues(input);
  return {
    ...withListCopies(values),
    status: input.status ?? 'draft',
    wizardStep: input.wizardStep ?? 1,
    dataCompletion: dataCompletion(values),
    updatedAt: now,
  };
}

export function toApiFile(file: PropertyFileView, signer: FileUrlSigner): PropertyFile {
  return {
    id: file.id,
    fileName: file.fileName,
    fileType: file.fileType as PropertyFile['fileType'],
    category: file.category as PropertyFile['category'],
    mimeType: file.mimeType,
    size: file.size,
    url: signer.urlFor(file.id),
    position: file.position,
    caption: file.caption,
  };
}

/** The property with its files by group, each with a fresh signed URL. `files` must be this property's, in order. */
export function toApiProperty(row: PropertyRow, files: PropertyFileView[], signer: FileUrlSigner): Property {
  const grouped = Object.fromEntries(
    MEDIA_GROUPS.map((group) => [group.key, [] as PropertyFile[]]),
  ) as Record<MediaGroupKey, PropertyFile[]>;
  for (const file of files) grouped[file.groupKey as MediaGroupKey]?.push(toApiFile(file, signer));
  const values = rowToValues(row);
  return {
    id: row.id,
    status: row.status as Property['status'],
    wizardStep: row.wizardStep,
    ...withListCopies(values),
    activePublications: row.activePublications,
    hasEngagements: row.hasEngagements,
    dataCompletion: row.dataCompletion,
    files: grouped,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/**
 * A list row as the contract has it, the registry's listed fields copied as stored (option values
 * are checked on write). Built by assignment onto one literal: spreading an object made by
 * Object.fromEntries cost more than the rest of the item (docs/benchmarks.md, issue 26).
 */
export function toListItem(row: PropertyListRow, signer: FileUrlSigner): PropertyListItem {
  const item: Record<string, unknown> = {
    id: row.id,
    activePublications: row.activePublications,
    status: row.status,
    hasEngagements: row.hasEngagements,
    dataCompletion: row.dataCompletion,
    coverImageUrl: row.coverFileId ? signer.urlFor(row.coverFileId) : null,
    wizardStep: row.wizardStep,
    updatedAt: row.updatedAt.toISOString(),
    shareOpens: row.shareOpens,
  };
  const stored: Record<string, unknown> = row;
  for (const key of LISTED_FIELDS) item[key] = stored[key];
  return item as unknown as PropertyListItem;
}
