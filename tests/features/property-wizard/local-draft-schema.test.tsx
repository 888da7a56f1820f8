import { createEmptyPropertyForm } from '@domain/property-form';
import { LOCAL_DRAFT_VERSION } from '@machines/property-wizard/local-draft';
import { describe, expect, it } from 'vitest';
import { parseLocalDraft } from '@/features/property-wizard/local-draft-schema';

function storedDraft(form: unknown) {
  return {
    version: LOCAL_DRAFT_VERSION,
    form,
    step: 3,
    furthestStep: 3,
    startedAt: 1,
    savedAt: 2,
    unsavedServer: true,
  };
}

describe('the local draft as stored in the browser', () => {
  it('reads a draft written before the listing facts existed, with the facts unanswered', () => {
    const form = createEmptyPropertyForm();
    form.generalInfo.propertyKind = 'logistics';
    form.generalInfo.city = 'אשדוד';
    // The shape an older build wrote: none of issue 21's fields.
    const older = JSON.parse(JSON.stringify(form));
    for (const field of ['dealType', 'entryDate', 'description', 'tourLink', 'divisible'])
      delete older.generalInfo[field];
    for (const field of ['floor', 'clearHeight', 'loadingDocks']) delete older.buildingDetails[field];

    const draft = parseLocalDraft(storedDraft(older));
    expect(draft?.form.generalInfo.city).toBe('אשדוד');
    expect(draft?.form.generalInfo.dealType).toBeNull();
    expect(draft?.form.generalInfo.entryDate).toBe('');
    expect(draft?.form.buildingDetails.clearHeight).toBeNull();
  });

  it('still refuses an answer of the wrong type or value', () => {
    const form = createEmptyPropertyForm() as unknown as { generalInfo: Record<string, unknown> };
    form.generalInfo.dealType = 'lease';
    expect(parseLocalDraft(storedDraft(form))).toBeNull();
    form.generalInfo.dealType = 'rent';
    expect(parseLocalDraft(storedDraft(form))).not.toBeNull();
  });
});
