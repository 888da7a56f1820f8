/**
 * What a stored local draft must look like to be used: version 1 of the machine's `LocalDraft`, every
 * answer of a known type and value. Storage is outside our control (another tab, an older build, a
 * curious user), so anything else is no draft at all rather than a form the rules would trip over.
 */

import {
  emptyFormValue,
  type FormSection,
  fieldSpec,
  fieldsOfSection,
  type PropertyFieldKey,
} from '@domain/property-fields';
import { MEDIA_GROUPS } from '@domain/property-options';
import { clampWizardStep } from '@domain/wizard-steps';
import { LOCAL_DRAFT_VERSION, type LocalDraft } from '@machines/property-wizard/local-draft';
import * as z from 'zod/mini';

type Values = readonly [string, ...string[]];

/** A field's answer as the form keeps it, by the registry's type (property-fields.ts). */
function answerSchema(key: PropertyFieldKey) {
  const spec = fieldSpec(key);
  switch (spec.type) {
    case 'choice':
      return z.nullable(z.enum(spec.options as Values));
    case 'choices':
      return z.array(z.enum(spec.options as Values));
    case 'text':
    case 'date':
    case 'link':
      return z.string();
    case 'boolean':
      return z.nullable(z.boolean());
    case 'number':
    case 'integer':
      return z.nullable(z.number());
  }
}

function sectionSchema(section: FormSection) {
  // A draft stored before a field existed lacks it: it reads as unanswered rather than as no draft.
  return z.object(
    Object.fromEntries(
      fieldsOfSection(section).map((key) => [
        key,
        z._default(answerSchema(key), emptyFormValue(key) as never),
      ]),
    ),
  );
}

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
  generalInfo: sectionSchema('generalInfo'),
  buildingDetails: sectionSchema('buildingDetails'),
  environmentTransport: sectionSchema('environmentTransport'),
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
  // The registry the schema is built from is the one the form's types are built from, so the shapes agree.
  return result.success ? (result.data as LocalDraft) : null;
}
