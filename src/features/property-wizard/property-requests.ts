/**
 * The wizard's server calls (the machine's loadProperty, saveServerDraft and publishProperty).
 *
 * A property not yet on the server is created in one request: create-with-files (multipart, with
 * upload progress) when any file was picked, create otherwise. A stored one gets its new files first
 * (the property's files endpoint), then one PUT with every answer and, per group, the stored files to
 * keep in display order (files removed in the wizard are left out, and the server deletes them).
 */

import { toPropertyInput } from '@domain/property-form';
import type { PropertyStatus } from '@domain/property-options';
import type { SavePropertyInput } from '@machines/property-wizard/property-wizard.machine';
import type { Property } from '@openapi/schema';
import { api, unwrap } from '@/api';
import { uploadWithProgress } from '@/api/upload-with-progress';
import {
  buildUploadBody,
  pendingFiles,
  recordUploads,
  type WizardFiles,
  withKnownUploads,
} from './wizard-files';

export interface PropertyRequestsDeps {
  files: WizardFiles;
  /** The share of the current upload sent (0 to 1), or null when no upload runs. */
  onUploadProgress: (fraction: number | null) => void;
}

export function createPropertyRequests({ files, onUploadProgress }: PropertyRequestsDeps) {
  const remember = (property: Property): Property => {
    files.rememberUrls(property);
    return property;
  };

  const upload = async (run: (onProgress: (fraction: number) => void) => Promise<Property>) => {
    onUploadProgress(0);
    try {
      return await run(onUploadProgress);
    } finally {
      onUploadProgress(null);
    }
  };

  async function save(input: SavePropertyInput, status: PropertyStatus, signal: AbortSignal) {
    const { propertyId, wizardStep } = input;
    const pending = pendingFiles(input.form, files);

    if (propertyId === null) {
      const body = toPropertyInput(input.form, { status, wizardStep, purpose: 'create' });
      // One key per draft: a retried or repeated create (another tab) updates the same property.
      const idempotencyKey = input.idempotencyKey;
      if (pending.length === 0) {
        return remember(
          await unwrap(
            api.POST('/property/create', {
              body,
              params: { header: { 'Idempotency-Key': idempotencyKey } },
              signal,
            }),
          ),
        );
      }
      const multipart = buildUploadBody(pending, JSON.stringify(body));
      return remember(
        await upload((onProgress) =>
          uploadWithProgress<Property>({
            path: '/property/create-with-files',
            body: multipart,
            onProgress,
            signal,
            idempotencyKey,
          }),
        ),
      );
    }

    if (pending.length > 0) {
      const multipart = buildUploadBody(pending);
      const withFiles = await upload((onProgress) =>
        uploadWithProgress<Property>({
          path: `/property/${propertyId}/files`,
          body: multipart,
          onProgress,
          signal,
        }),
      );
      recordUploads(files, pending, withFiles);
    }
    const form = withKnownUploads(input.form, files);
    const body = toPropertyInput(form, { status, wizardStep, purpose: 'update' });
    return remember(
      await unwrap(api.PUT('/property/update/{id}', { params: { path: { id: propertyId } }, body, signal })),
    );
  }

  return {
    async loadProperty(propertyId: string, signal: AbortSignal): Promise<Property> {
      return remember(
        await unwrap(api.GET('/property/{id}', { params: { path: { id: propertyId } }, signal })),
      );
    },
    saveDraft: (input: SavePropertyInput, signal: AbortSignal) => save(input, 'draft', signal),
    publish: (input: SavePropertyInput, signal: AbortSignal) => save(input, 'published', signal),
  };
}

export type PropertyRequests = ReturnType<typeof createPropertyRequests>;
