/**
 * The browser's side of the wizard's files. The machine's form holds plain descriptors; the File
 * objects picked on this device stay here, keyed by descriptor id, and so do the signed URLs of files
 * already on the server (for thumbnails). Also builds the multipart bodies of spec 7.
 */

import type { MediaFileDescriptor, PropertyForm } from '@domain/property-form';
import { MEDIA_GROUPS, type MediaGroupKey } from '@domain/property-options';
import type { Property } from '@openapi/schema';

export interface WizardFiles {
  /** Keeps the file and returns the descriptor the form holds for it. */
  register(file: File): MediaFileDescriptor;
  fileOf(descriptorId: string): File | undefined;
  /** The signed URL of a stored file, when known. */
  urlOf(fileId: string): string | undefined;
  /** Remembers the URLs of a property's stored files (after a load or a save). */
  rememberUrls(property: Property): void;
  /**
   * Local files already uploaded, by local id → their stored descriptor: when the save that follows
   * an upload fails, retrying must not upload (and attach) the same files a second time.
   */
  uploaded: Map<string, MediaFileDescriptor>;
}

let sequence = 0;

export function createWizardFiles(): WizardFiles {
  const files = new Map<string, File>();
  const urls = new Map<string, string>();
  return {
    register(file) {
      sequence += 1;
      // Not a UUID: local ids never reach the server, and randomUUID needs a secure context.
      const id = `local-${Date.now().toString(36)}-${sequence}`;
      files.set(id, file);
      return { id, name: file.name, size: file.size, mimeType: file.type };
    },
    fileOf: (id) => files.get(id),
    uploaded: new Map(),
    urlOf: (id) => urls.get(id),
    rememberUrls(property) {
      for (const group of MEDIA_GROUPS) {
        for (const file of property.files[group.key]) urls.set(file.id, file.url);
      }
    },
  };
}

export interface PendingFile {
  group: MediaGroupKey;
  descriptor: MediaFileDescriptor;
  file: File;
}

/** The form with files uploaded by an earlier, unfinished save shown as the stored files they became. */
export function withKnownUploads(form: PropertyForm, files: WizardFiles): PropertyForm {
  if (files.uploaded.size === 0) return form;
  const media = { ...form.mediaDocuments };
  for (const group of MEDIA_GROUPS) {
    media[group.key] = form.mediaDocuments[group.key].map((descriptor) => {
      const stored = files.uploaded.get(descriptor.id);
      // The caption is the form's, which may have changed since the upload.
      if (!stored) return descriptor;
      const { caption: _sent, ...rest } = stored;
      return descriptor.caption ? { ...rest, caption: descriptor.caption } : rest;
    });
  }
  return { ...form, mediaDocuments: media };
}

/** Files picked on this device and not yet on the server, per group in display order. */
export function pendingFiles(form: PropertyForm, files: WizardFiles): PendingFile[] {
  const pending: PendingFile[] = [];
  for (const group of MEDIA_GROUPS) {
    for (const descriptor of form.mediaDocuments[group.key]) {
      if (descriptor.stored === true || files.uploaded.has(descriptor.id)) continue;
      const file = files.fileOf(descriptor.id);
      // A descriptor without its File (it cannot happen in one visit) has nothing to upload.
      if (file) pending.push({ group: group.key, descriptor, file });
    }
  }
  return pending;
}

/**
 * Spec 7: `property` as JSON text (create only), then for each file of a group, in order,
 * `files.<Group>[i].File`, `.FileType` and `.Category`, and a photo's `.Caption` when it has one.
 */
export function buildUploadBody(pending: readonly PendingFile[], propertyJson?: string): FormData {
  const body = new FormData();
  if (propertyJson !== undefined) body.append('property', propertyJson);
  for (const group of MEDIA_GROUPS) {
    pending
      .filter((item) => item.group === group.key)
      .forEach((item, index) => {
        const prefix = `files.${group.multipartGroup}[${index}]`;
        body.append(`${prefix}.File`, item.file, item.file.name);
        body.append(`${prefix}.FileType`, group.fileType);
        body.append(`${prefix}.Category`, group.category);
        const caption = item.descriptor.caption?.trim();
        if (group.key === 'propertyImages' && caption) body.append(`${prefix}.Caption`, caption);
      });
  }
  return body;
}

/**
 * Records what each uploaded file became on the server: the server appends a request's files to
 * their group in the order sent, so the last ones of each group are the new ones.
 */
export function recordUploads(files: WizardFiles, pending: readonly PendingFile[], property: Property): void {
  for (const group of MEDIA_GROUPS) {
    const sent = pending.filter((item) => item.group === group.key);
    if (sent.length === 0) continue;
    const stored = [...property.files[group.key]].sort((a, b) => a.position - b.position).slice(-sent.length);
    sent.forEach((item, index) => {
      const file = stored[index];
      if (!file) return;
      files.uploaded.set(item.descriptor.id, {
        id: file.id,
        name: file.fileName,
        size: file.size,
        mimeType: file.mimeType,
        stored: true,
      });
    });
  }
}
