import { createEmptyPropertyForm, toPropertyInput } from '@domain/property-form';
import { applyFormEvent, isFormEvent } from '@machines/property-wizard/form-events';
import { draftSteps, isResumableDraft, toLocalDraftForm } from '@machines/property-wizard/local-draft';
import { describe, expect, it } from 'vitest';
import { filledForm, IMAGE_A, IMAGE_B, localDraft } from './fixtures/property-wizard';

describe('applyFormEvent', () => {
  it('applies a group edit and copies lists, so the event cannot change the form later', () => {
    const form = createEmptyPropertyForm();
    const usage: Array<'dryStorage' | 'other'> = ['dryStorage'];
    const next = applyFormEvent(form, {
      type: 'EDIT',
      group: 'generalInfo',
      values: { usageCategories: usage },
    });
    usage.push('other');
    expect(next.generalInfo.usageCategories).toEqual(['dryStorage']);
    expect(form.generalInfo.usageCategories).toEqual([]);
  });

  it('returns the same form when nothing changes', () => {
    const form = filledForm(2);
    expect(applyFormEvent(form, { type: 'EDIT', group: 'generalInfo', values: { city: 'חיפה' } })).toBe(form);
    expect(
      applyFormEvent(form, {
        type: 'EDIT',
        group: 'generalInfo',
        values: { usageCategories: ['dryStorage'] },
      }),
    ).toBe(form);
    expect(applyFormEvent(form, { type: 'SET_KIND', kind: 'logistics' })).toBe(form);
    expect(applyFormEvent(form, { type: 'REMOVE_FILE', group: 'videos', fileId: 'missing' })).toBe(form);
    expect(applyFormEvent(form, { type: 'ADD_FILES', group: 'videos', files: [] })).toBe(form);
    expect(applyFormEvent(form, { type: 'REORDER_FILES', group: 'videos', from: 0, to: 0 })).toBe(form);
  });

  it('ignores a kind or an unknown field slipped into an edit', () => {
    const form = createEmptyPropertyForm();
    const values = { propertyKind: 'offices', unknown: 1 } as never;
    expect(applyFormEvent(form, { type: 'EDIT', group: 'generalInfo', values })).toBe(form);
  });

  it('changes the kind through applyKindChange, dropping answers of the old kind', () => {
    const next = applyFormEvent(filledForm(2), { type: 'SET_KIND', kind: 'offices' });
    expect(next.generalInfo).toMatchObject({
      propertyKind: 'offices',
      usageCategories: [],
      propertyCategory: null,
    });
  });

  it('adds files once, removes and reorders them', () => {
    let form = applyFormEvent(createEmptyPropertyForm(), {
      type: 'ADD_FILES',
      group: 'propertyImages',
      files: [IMAGE_A, IMAGE_B, IMAGE_A],
    });
    expect(form.mediaDocuments.propertyImages.map((file) => file.id)).toEqual(['local-a', 'local-b']);
    expect(applyFormEvent(form, { type: 'ADD_FILES', group: 'propertyImages', files: [IMAGE_B] })).toBe(form);
    form = applyFormEvent(form, { type: 'REORDER_FILES', group: 'propertyImages', from: 1, to: 0 });
    expect(form.mediaDocuments.propertyImages.map((file) => file.id)).toEqual(['local-b', 'local-a']);
    expect(applyFormEvent(form, { type: 'REORDER_FILES', group: 'propertyImages', from: 0, to: 2 })).toBe(
      form,
    );
    form = applyFormEvent(form, { type: 'REMOVE_FILE', group: 'propertyImages', fileId: 'local-b' });
    expect(form.mediaDocuments.propertyImages).toEqual([IMAGE_A]);
  });

  it("sets a photo's caption, keeps it in the local draft and sends it with the stored photo", () => {
    const stored = { ...IMAGE_A, id: '7d0c0d4e-55d1-4c2b-9a6e-0d3f1b3a2c11', stored: true as const };
    let form = applyFormEvent(createEmptyPropertyForm(), {
      type: 'ADD_FILES',
      group: 'propertyImages',
      files: [stored, IMAGE_B],
    });
    const caption = { type: 'SET_CAPTION', group: 'propertyImages', fileId: stored.id } as const;
    form = applyFormEvent(form, { ...caption, caption: 'חזית המחסן' });
    expect(form.mediaDocuments.propertyImages.map((file) => file.caption)).toEqual(['חזית המחסן', undefined]);
    expect(applyFormEvent(form, { ...caption, caption: 'חזית המחסן' })).toBe(form);
    expect(applyFormEvent(form, { ...caption, fileId: 'missing', caption: 'x' })).toBe(form);
    expect(toLocalDraftForm(form).mediaDocuments.propertyImages).toEqual([
      { ...stored, caption: 'חזית המחסן' },
    ]);
    expect(
      toPropertyInput(form, { status: 'draft', wizardStep: 5, purpose: 'update' }).imageCaptions,
    ).toEqual({
      [stored.id]: 'חזית המחסן',
    });
  });

  it('tells form events from the others', () => {
    expect(isFormEvent({ type: 'EDIT' })).toBe(true);
    expect(isFormEvent({ type: 'NEXT' })).toBe(false);
  });
});

describe('local draft', () => {
  it('keeps only stored files, as plain descriptors', () => {
    const form = createEmptyPropertyForm();
    form.mediaDocuments.floorplans = [IMAGE_A, { ...IMAGE_B, stored: true, file: {} } as typeof IMAGE_B];
    expect(toLocalDraftForm(form).mediaDocuments.floorplans).toEqual([{ ...IMAGE_B, stored: true }]);
  });

  it('offers a new property draft with any answer, a stored property draft only when ahead of the server', () => {
    expect(isResumableDraft(null, { propertyId: null })).toBe(false);
    expect(isResumableDraft(localDraft(), { propertyId: null })).toBe(true);
    expect(isResumableDraft(localDraft({ form: createEmptyPropertyForm() }), { propertyId: null })).toBe(
      false,
    );
    expect(isResumableDraft(localDraft({ unsavedServer: true }), { propertyId: 'p' })).toBe(true);
    expect(isResumableDraft(localDraft({ unsavedServer: false }), { propertyId: 'p' })).toBe(false);
  });

  it('clamps stored steps and keeps the furthest step at least the current one', () => {
    expect(draftSteps({ step: 4, furthestStep: 2 })).toEqual({ step: 4, furthestStep: 4 });
    expect(draftSteps({ step: 0 as 1, furthestStep: 12 as 6 })).toEqual({ step: 1, furthestStep: 6 });
  });
});
