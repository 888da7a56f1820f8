import { createEmptyPropertyForm } from '@domain/property-form';
import { AUTOSAVE_DEBOUNCE_MS, SIMULATED_SAVE_MS } from '@machines/property-wizard/property-wizard.machine';
import { selectHasUnsavedEdits } from '@machines/property-wizard/property-wizard.selectors';
import { describe, expect, it } from 'vitest';
import { settle } from './fixtures/deferred';
import {
  ADD_IMAGES,
  DRAFT_ID,
  EDIT_BUILDING,
  EDIT_CITY,
  EDIT_ENVIRONMENT,
  EDIT_GENERAL_REST,
  FIXED_NOW,
  filledForm,
  IMAGE_A,
  IMAGE_B,
  localDraft,
  OTHER_ID,
  REMOVE_IMAGE_A,
  SET_LOGISTICS,
  serverProperty,
  storedImage,
} from './fixtures/property-wizard';
import { startWizard, type WizardHarness } from './fixtures/property-wizard-actor';
import {
  DRAFT_AT_STEP_2,
  newPropertyWalk,
  PUBLISHED,
  returningTabWalk,
  storedPropertyWalk,
} from './walks/property-wizard.walks';

// Each planned path is replayed once, by tests/machines/path-coverage.test.ts, with the storage check
// of walks/property-wizard-storage.checks.ts; here only the plans themselves.
describe('propertyWizardMachine model walks', () => {
  it('plan a bounded, non-trivial set of paths for each situation', () => {
    expect(newPropertyWalk.paths.length).toBeGreaterThan(50);
    expect(newPropertyWalk.paths.length).toBeLessThan(600);
    expect(returningTabWalk.paths.length).toBeGreaterThanOrEqual(2);
    expect(returningTabWalk.paths.length).toBeLessThan(100);
    expect(storedPropertyWalk.paths.length).toBeGreaterThan(30);
    expect(storedPropertyWalk.paths.length).toBeLessThan(600);
  });

  it('plan the autosave delays as events of their own', () => {
    expect(newPropertyWalk.inventory.eventTypes).toEqual(
      expect.arrayContaining([
        'xstate.after.autosaveDebounce.propertyWizard.editing.autosave.debouncing',
        'xstate.after.simulatedSave.propertyWizard.editing.autosave.saving.settling',
      ]),
    );
  });
});

// ---- focused behaviour ----

const snap = (wizard: WizardHarness) => wizard.actor.getSnapshot();

/** A new property with nothing stored, ready on step 1. */
async function newWizard(options: Parameters<typeof startWizard>[0] = {}) {
  const wizard = startWizard(options);
  await settle();
  expect(snap(wizard).matches({ editing: { autosave: 'idle', serverSave: 'idle' } })).toBe(true);
  return wizard;
}

/** Lets the write finish and the 200 ms "saving" pass. */
async function finishLocalSave(wizard: WizardHarness) {
  await settle();
  wizard.clock.increment(SIMULATED_SAVE_MS);
}

/** Fills steps 1 to `through` with the fixtures, moving on after each, and lets every save finish. */
async function fillThrough(wizard: WizardHarness, through: 1 | 2 | 3 | 4) {
  const edits = [[SET_LOGISTICS], [EDIT_CITY, EDIT_GENERAL_REST], [EDIT_BUILDING], [EDIT_ENVIRONMENT]];
  for (const step of edits.slice(0, through)) {
    for (const edit of step) wizard.actor.send(edit);
    wizard.actor.send({ type: 'NEXT' });
    await finishLocalSave(wizard);
  }
}

describe('propertyWizardMachine autosave', () => {
  it('saves a burst of 5 edits within 500 ms once, 500 ms after the last one', async () => {
    const wizard = await newWizard();
    wizard.actor.send(SET_LOGISTICS);
    const cities = ['ח', 'חי', 'חיפ', 'חיפה', 'חיפה '];
    for (const city of cities) {
      wizard.clock.increment(100);
      wizard.actor.send({ type: 'EDIT', group: 'generalInfo', values: { city } });
    }
    expect(snap(wizard).context.unsavedLocal).toBe(true);
    wizard.clock.increment(AUTOSAVE_DEBOUNCE_MS - 1);
    expect(wizard.localWrites).toEqual([]);
    wizard.clock.increment(1);
    expect(wizard.localWrites).toHaveLength(1);
    expect(wizard.localWrites[0]?.draft.form.generalInfo).toMatchObject({
      propertyKind: 'logistics',
      city: 'חיפה ',
    });
    expect(wizard.localWrites[0]).toMatchObject({
      propertyId: null,
      draft: { step: 1, startedAt: FIXED_NOW, savedAt: FIXED_NOW + 1000 },
    });
    await finishLocalSave(wizard);
    wizard.clock.increment(10 * AUTOSAVE_DEBOUNCE_MS);
    expect(wizard.localWrites).toHaveLength(1);
  });

  it('shows saving for 200 ms after the write, then saved with the time of the write', async () => {
    const wizard = await newWizard();
    wizard.actor.send(SET_LOGISTICS);
    wizard.clock.increment(AUTOSAVE_DEBOUNCE_MS);
    await settle();
    expect(snap(wizard).matches({ editing: { autosave: { saving: 'settling' } } })).toBe(true);
    expect(snap(wizard).context.lastSavedAt).toBe(FIXED_NOW + AUTOSAVE_DEBOUNCE_MS);
    wizard.clock.increment(SIMULATED_SAVE_MS);
    expect(snap(wizard).matches({ editing: { autosave: 'idle' } })).toBe(true);
  });

  it('saves at once on a step change, with the new step', async () => {
    const wizard = await newWizard();
    wizard.actor.send(SET_LOGISTICS);
    wizard.actor.send({ type: 'NEXT' });
    expect(wizard.localWrites).toHaveLength(1);
    expect(wizard.localWrites[0]?.draft).toMatchObject({ step: 2, furthestStep: 2 });
    await finishLocalSave(wizard);
    wizard.clock.increment(AUTOSAVE_DEBOUNCE_MS);
    expect(wizard.localWrites).toHaveLength(1);
    wizard.actor.send({ type: 'BACK' });
    expect(wizard.localWrites.at(-1)?.draft).toMatchObject({ step: 1, furthestStep: 2 });
  });

  it('FLUSH (the tab is hidden) writes at once, and only when something is unwritten', async () => {
    const wizard = await newWizard();
    wizard.actor.send({ type: 'FLUSH' });
    expect(wizard.localWrites).toEqual([]);
    wizard.actor.send(SET_LOGISTICS);
    wizard.actor.send({ type: 'FLUSH' });
    expect(wizard.localWrites).toHaveLength(1);
    expect(wizard.storage.get('new')?.form.generalInfo.propertyKind).toBe('logistics');
    await finishLocalSave(wizard);
    wizard.clock.increment(AUTOSAVE_DEBOUNCE_MS);
    wizard.actor.send({ type: 'FLUSH' });
    expect(wizard.localWrites).toHaveLength(1);
  });

  it('writes again after the 200 ms when the broker typed during a write', async () => {
    const wizard = await newWizard();
    wizard.actor.send(SET_LOGISTICS);
    wizard.actor.send({ type: 'NEXT' });
    wizard.actor.send(EDIT_CITY);
    await finishLocalSave(wizard);
    expect(snap(wizard).matches({ editing: { autosave: 'debouncing' } })).toBe(true);
    wizard.clock.increment(AUTOSAVE_DEBOUNCE_MS);
    expect(wizard.localWrites.at(-1)?.draft.form.generalInfo.city).toBe('חיפה');
  });

  it('keeps files picked on this device out of storage, and stored files in it', async () => {
    const wizard = await newWizard();
    wizard.actor.send({
      type: 'ADD_FILES',
      group: 'floorplans',
      files: [IMAGE_A, { ...IMAGE_B, stored: true }],
    });
    wizard.actor.send({ type: 'FLUSH' });
    const draft = wizard.localWrites[0]?.draft;
    expect(draft?.form.mediaDocuments.floorplans).toEqual([{ ...IMAGE_B, stored: true }]);
    expect(snap(wizard).context.form.mediaDocuments.floorplans).toHaveLength(2);
  });

  it('says "Failed to save draft" when storage refuses the write, and retries with the next change', async () => {
    const wizard = await newWizard({ failLocalWrites: true });
    wizard.actor.send(SET_LOGISTICS);
    wizard.clock.increment(AUTOSAVE_DEBOUNCE_MS);
    await settle();
    expect(wizard.effects).toContainEqual({
      type: 'notifySaveFailed',
      params: { save: 'local', error: { message: 'QuotaExceededError', code: null } },
    });
    expect(snap(wizard).matches({ editing: { autosave: 'idle' } })).toBe(true);
    expect(snap(wizard).context.unsavedLocal).toBe(true);
    wizard.actor.send({ type: 'NEXT' });
    expect(snap(wizard).matches({ editing: { autosave: { saving: 'writing' } } })).toBe(true);
  });

  it('does not mark anything unsaved for an edit that changes nothing', async () => {
    const wizard = await newWizard();
    expect(snap(wizard).can({ type: 'EDIT', group: 'generalInfo', values: { city: '' } })).toBe(false);
    wizard.actor.send({ type: 'REORDER_FILES', group: 'propertyImages', from: 0, to: 1 });
    expect(snap(wizard).context.unsavedLocal).toBe(false);
    expect(snap(wizard).matches({ editing: { autosave: 'idle' } })).toBe(true);
  });
});

describe('propertyWizardMachine navigation', () => {
  it('refuses NEXT on an invalid step and on step 6', async () => {
    const wizard = await newWizard();
    expect(snap(wizard).can({ type: 'NEXT' })).toBe(false);
    wizard.actor.send({ type: 'NEXT' });
    expect(snap(wizard).context.step).toBe(1);
    await fillThrough(wizard, 4);
    wizard.actor.send({ type: 'NEXT' });
    expect(snap(wizard).context.step).toBe(6);
    expect(snap(wizard).can({ type: 'NEXT' })).toBe(false);
    wizard.actor.send({ type: 'NEXT' });
    expect(snap(wizard).context.step).toBe(6);
  });

  it('refuses NEXT on a step holding a plainly wrong value', async () => {
    const wizard = await newWizard();
    await fillThrough(wizard, 2);
    wizard.actor.send({ type: 'BACK' });
    wizard.actor.send({ type: 'EDIT', group: 'generalInfo', values: { totalArea: -5 } });
    expect(snap(wizard).can({ type: 'NEXT' })).toBe(false);
  });

  it('BACK on step 1 cancels to the list', async () => {
    const wizard = await newWizard();
    wizard.actor.send({ type: 'BACK' });
    expect(snap(wizard).value).toBe('cancelled');
    expect(snap(wizard).status).toBe('done');
    expect(wizard.effectTypes()).toEqual(['clearLocalDraft', 'navigateToList']);
  });

  it('BACK on step 1 writes a change still waiting for the debounce before leaving', async () => {
    const wizard = await newWizard();
    wizard.actor.send(SET_LOGISTICS);
    wizard.actor.send({ type: 'BACK' });
    expect(snap(wizard).value).toBe('closing');
    expect(wizard.effectTypes()).not.toContain('navigateToList');
    await settle();
    expect(snap(wizard).value).toBe('cancelled');
    expect(wizard.storage.get('new')?.form.generalInfo.propertyKind).toBe('logistics');
    expect(wizard.effectTypes().at(-1)).toBe('navigateToList');
  });

  it('GO_TO_STEP goes back to any step and forward only through valid steps up to the furthest reached', async () => {
    const wizard = await newWizard();
    await fillThrough(wizard, 4);
    wizard.actor.send({ type: 'NEXT' });
    expect(snap(wizard).context).toMatchObject({ step: 6, furthestStep: 6 });
    wizard.actor.send({ type: 'GO_TO_STEP', step: 2 });
    expect(snap(wizard).context.step).toBe(2);
    expect(snap(wizard).can({ type: 'GO_TO_STEP', step: 7 })).toBe(false);
    expect(snap(wizard).can({ type: 'GO_TO_STEP', step: 2 })).toBe(false);
    expect(snap(wizard).can({ type: 'GO_TO_STEP', step: 2.5 })).toBe(false);
    expect(snap(wizard).can({ type: 'GO_TO_STEP', step: 6 })).toBe(true);
    wizard.actor.send({ type: 'EDIT', group: 'buildingDetails', values: { hasParking: null } });
    expect(snap(wizard).can({ type: 'GO_TO_STEP', step: 3 })).toBe(true);
    expect(snap(wizard).can({ type: 'GO_TO_STEP', step: 4 })).toBe(false);
    wizard.actor.send({ type: 'GO_TO_STEP', step: 1 });
    expect(snap(wizard).context).toMatchObject({ step: 1, furthestStep: 6 });
  });

  it('does not reach a step never visited', async () => {
    const wizard = await newWizard();
    await fillThrough(wizard, 2);
    expect(snap(wizard).context).toMatchObject({ step: 3, furthestStep: 3 });
    expect(snap(wizard).can({ type: 'GO_TO_STEP', step: 4 })).toBe(false);
  });
});

describe('propertyWizardMachine drafts', () => {
  it('offers an unfinished local draft and RESUME_DRAFT restores its form, step and start date', async () => {
    const draft = localDraft({ furthestStep: 4 });
    const wizard = startWizard({ stored: [[null, draft]] });
    await settle();
    expect(snap(wizard).value).toBe('offeringDraft');
    expect(snap(wizard).context.offeredDraft?.startedAt).toBe(draft.startedAt);
    wizard.actor.send({ type: 'RESUME_DRAFT' });
    expect(snap(wizard).context).toMatchObject({
      form: draft.form,
      step: 3,
      furthestStep: 4,
      draftStartedAt: draft.startedAt,
      lastSavedAt: draft.savedAt,
      unsavedLocal: false,
      unsavedServer: true,
      offeredDraft: null,
    });
    expect(wizard.effectTypes()).toEqual(['notifyDraftLoaded']);
  });

  it('START_FRESH discards the local draft and starts empty on step 1', async () => {
    const wizard = startWizard({ stored: [[null, localDraft()]] });
    await settle();
    wizard.actor.send({ type: 'START_FRESH' });
    expect(snap(wizard).context).toMatchObject({
      form: createEmptyPropertyForm(),
      step: 1,
      offeredDraft: null,
    });
    expect(wizard.storage.size).toBe(0);
  });

  it('offers nothing for an empty local draft, and drops it', async () => {
    const wizard = startWizard({ stored: [[null, localDraft({ form: createEmptyPropertyForm() })]] });
    await settle();
    expect(snap(wizard).matches('editing')).toBe(true);
    expect(wizard.storage.size).toBe(0);
  });

  it('a stored step outside 1..6 reopens clamped', async () => {
    const wizard = startWizard({
      stored: [[null, localDraft({ step: 9 as 6, furthestStep: Number.NaN as 1 })]],
    });
    await settle();
    wizard.actor.send({ type: 'RESUME_DRAFT' });
    expect(snap(wizard).context).toMatchObject({ step: 6, furthestStep: 6 });
  });

  it('SAVE with no change says "No changes to save" and calls no server', async () => {
    const wizard = await newWizard();
    wizard.actor.send({ type: 'SAVE' });
    expect(wizard.effectTypes()).toContain('notifyNoChanges');
    expect(wizard.serverSaves).toEqual([]);
  });

  it('the first SAVE creates the server draft, the next one updates it, and the local copy follows its id', async () => {
    const wizard = await newWizard();
    await fillThrough(wizard, 1);
    expect(wizard.storage.has('new')).toBe(true);
    wizard.actor.send({ type: 'SAVE' });
    expect(snap(wizard).matches({ editing: { serverSave: 'saving' } })).toBe(true);
    expect(wizard.serverSaves[0]?.input).toMatchObject({ propertyId: null, wizardStep: 2 });
    wizard.serverSaves[0]?.reply.resolve(serverProperty(filledForm(1), { wizardStep: 2 }));
    await settle();
    expect(snap(wizard).context).toMatchObject({ serverId: DRAFT_ID, unsavedServer: false });
    expect(wizard.effectTypes()).toEqual(
      expect.arrayContaining(['clearLocalDraft', 'syncPropertyList', 'notifyDraftSaved']),
    );
    // Nothing changed since: the "new property" slot is free and nothing needs writing.
    expect(wizard.storage.size).toBe(0);
    wizard.actor.send({ type: 'SAVE' });
    expect(wizard.serverSaves).toHaveLength(1);
    expect(wizard.effectTypes().at(-1)).toBe('notifyNoChanges');

    wizard.actor.send(EDIT_CITY);
    wizard.clock.increment(AUTOSAVE_DEBOUNCE_MS);
    expect(wizard.localWrites.at(-1)?.propertyId).toBe(DRAFT_ID);
    wizard.actor.send({ type: 'SAVE' });
    expect(wizard.serverSaves[1]?.input).toMatchObject({ propertyId: DRAFT_ID });
  });

  it('keeps a change typed during a server save unsaved, and writes it locally under the new id', async () => {
    const wizard = await newWizard();
    await fillThrough(wizard, 1);
    wizard.actor.send({ type: 'SAVE' });
    wizard.actor.send(EDIT_CITY);
    wizard.actor.send({ type: 'FLUSH' });
    expect(wizard.storage.get('new')?.form.generalInfo.city).toBe('חיפה');
    await finishLocalSave(wizard);
    wizard.serverSaves[0]?.reply.resolve(serverProperty(filledForm(1), { wizardStep: 2 }));
    await settle();
    expect(snap(wizard).context.unsavedServer).toBe(true);
    expect(wizard.storage.has('new')).toBe(false);
    expect(wizard.storage.get(DRAFT_ID)?.form.generalInfo.city).toBe('חיפה');
  });

  it('turns the files of a saved draft into stored descriptors, and refuses file changes during the save', async () => {
    const wizard = await newWizard();
    wizard.actor.send(ADD_IMAGES);
    wizard.actor.send({ type: 'SAVE' });
    expect(snap(wizard).can(REMOVE_IMAGE_A)).toBe(false);
    expect(snap(wizard).can({ type: 'ADD_FILES', group: 'videos', files: [IMAGE_A] })).toBe(false);
    wizard.serverSaves[0]?.reply.resolve(
      serverProperty(createEmptyPropertyForm(), {
        files: { propertyImages: [storedImage('file-2', 1), storedImage('file-1', 0)] },
      }),
    );
    await settle();
    expect(
      snap(wizard).context.form.mediaDocuments.propertyImages.map((file) => [file.id, file.stored]),
    ).toEqual([
      ['file-1', true],
      ['file-2', true],
    ]);
  });

  it('says "Failed to save draft" when the server save fails, and SAVE tries again', async () => {
    const wizard = await newWizard();
    wizard.actor.send(SET_LOGISTICS);
    wizard.actor.send({ type: 'SAVE' });
    wizard.serverSaves[0]?.reply.reject(Object.assign(new Error('שגיאת שרת'), { code: 'internal' }));
    await settle();
    expect(wizard.effects).toContainEqual({
      type: 'notifySaveFailed',
      params: { save: 'server', error: { message: 'שגיאת שרת', code: 'internal' } },
    });
    expect(snap(wizard).context).toMatchObject({ serverId: null, unsavedServer: true });
    wizard.actor.send({ type: 'SAVE' });
    expect(wizard.serverSaves).toHaveLength(2);
  });

  it('CLEAR resets the form to defaults on step 1 and clears the local draft', async () => {
    const wizard = await newWizard();
    await fillThrough(wizard, 2);
    wizard.actor.send(EDIT_BUILDING);
    wizard.actor.send({ type: 'CLEAR' });
    expect(snap(wizard).context).toMatchObject({
      form: createEmptyPropertyForm(),
      step: 1,
      furthestStep: 1,
      unsavedLocal: false,
      unsavedServer: false,
      draftStartedAt: null,
      lastSavedAt: null,
    });
    expect(snap(wizard).matches({ editing: { autosave: 'idle' } })).toBe(true);
    expect(wizard.storage.size).toBe(0);
    expect(wizard.effectTypes().slice(-2)).toEqual(['clearLocalDraft', 'notifyDraftCleared']);
    // The pending debounce went with the old form.
    wizard.clock.increment(AUTOSAVE_DEBOUNCE_MS);
    expect(wizard.storage.size).toBe(0);
  });

  it('refuses CLEAR and PUBLISH while a server save is in flight', async () => {
    const wizard = await newWizard();
    await fillThrough(wizard, 4);
    wizard.actor.send({ type: 'NEXT' });
    wizard.actor.send({ type: 'SAVE' });
    expect(snap(wizard).can({ type: 'CLEAR' })).toBe(false);
    expect(snap(wizard).can({ type: 'PUBLISH' })).toBe(false);
    wizard.serverSaves[0]?.reply.resolve(serverProperty(filledForm(4), { wizardStep: 6 }));
    await settle();
    expect(snap(wizard).can({ type: 'PUBLISH' })).toBe(true);
  });
});

describe('propertyWizardMachine stored properties', () => {
  it('resumes a server draft at its saved step', async () => {
    const wizard = startWizard({
      input: { mode: 'resume', propertyId: DRAFT_ID },
      property: DRAFT_AT_STEP_2,
    });
    await settle();
    expect(snap(wizard).matches('editing')).toBe(true);
    expect(snap(wizard).context).toMatchObject({
      step: 2,
      furthestStep: 2,
      serverId: DRAFT_ID,
      status: 'draft',
      form: filledForm(1),
      lastSavedAt: Date.parse(DRAFT_AT_STEP_2.updatedAt),
      draftStartedAt: Date.parse(DRAFT_AT_STEP_2.createdAt),
    });
  });

  it('edit opens an existing property on the review step, and a published one allows neither SAVE nor CLEAR', async () => {
    const wizard = startWizard({ input: { mode: 'edit', propertyId: OTHER_ID }, property: PUBLISHED });
    await settle();
    expect(snap(wizard).context).toMatchObject({ step: 6, furthestStep: 6, status: 'published' });
    expect(snap(wizard).matches({ editing: { steps: 'review' } })).toBe(true);
    expect(snap(wizard).can({ type: 'SAVE' })).toBe(false);
    expect(snap(wizard).can({ type: 'CLEAR' })).toBe(false);
    expect(snap(wizard).can({ type: 'GO_TO_STEP', step: 1 })).toBe(true);
  });

  it('offers the local copy of a stored property only when it holds changes the server lacks', async () => {
    const ahead = startWizard({
      input: { mode: 'resume', propertyId: DRAFT_ID },
      property: DRAFT_AT_STEP_2,
      stored: [[DRAFT_ID, localDraft()]],
    });
    await settle();
    expect(snap(ahead).value).toBe('offeringDraft');
    ahead.actor.send({ type: 'START_FRESH' });
    expect(snap(ahead).context.form).toEqual(filledForm(1));
    expect(ahead.storage.size).toBe(0);

    const inSync = startWizard({
      input: { mode: 'resume', propertyId: DRAFT_ID },
      property: DRAFT_AT_STEP_2,
      stored: [
        [DRAFT_ID, localDraft({ unsavedServer: false })],
        [null, localDraft()],
      ],
    });
    await settle();
    expect(snap(inSync).matches('editing')).toBe(true);
    // The new property's draft is another property's business.
    expect([...inSync.storage.keys()]).toEqual(['new']);
  });

  it('an edit has unsaved changes only after a change the server lacks, not after moving between steps', async () => {
    const wizard = startWizard({
      input: { mode: 'edit', propertyId: PUBLISHED.id },
      property: PUBLISHED,
    });
    await settle();
    expect(selectHasUnsavedEdits(snap(wizard))).toBe(false);
    wizard.actor.send({ type: 'GO_TO_STEP', step: 2 });
    wizard.actor.send({ type: 'NEXT' });
    await settle();
    expect(snap(wizard).context.step).toBe(3);
    expect(selectHasUnsavedEdits(snap(wizard))).toBe(false);

    wizard.actor.send({ type: 'EDIT', group: 'buildingDetails', values: { floorsInBuilding: 77 } });
    expect(selectHasUnsavedEdits(snap(wizard))).toBe(true);
    wizard.actor.send({ type: 'GO_TO_STEP', step: 6 });
    wizard.actor.send({ type: 'PUBLISH' });
    expect(selectHasUnsavedEdits(snap(wizard))).toBe(false);
    wizard.publishes[0]?.reply.resolve({ ...PUBLISHED, floorsInBuilding: 77 });
    await settle();
    expect(snap(wizard).status).toBe('done');
    expect(selectHasUnsavedEdits(snap(wizard))).toBe(false);
  });

  it('a draft never counts as an edit with unsaved changes: it is kept as a draft', async () => {
    const wizard = startWizard({
      input: { mode: 'resume', propertyId: DRAFT_ID },
      property: DRAFT_AT_STEP_2,
    });
    await settle();
    wizard.actor.send(EDIT_CITY);
    expect(snap(wizard).context.unsavedServer).toBe(true);
    expect(selectHasUnsavedEdits(snap(wizard))).toBe(false);
  });

  it('a failed load says so and RETRY loads again', async () => {
    const wizard = startWizard({
      input: { mode: 'resume', propertyId: DRAFT_ID },
      property: new Error('Not found'),
    });
    await settle();
    expect(snap(wizard).value).toBe('loadFailed');
    expect(snap(wizard).context.loadError).toEqual({ message: 'Not found', code: null });
    expect(wizard.effectTypes()).toEqual(['notifyLoadFailed']);
    wizard.actor.send({ type: 'RETRY' });
    expect(snap(wizard).matches({ loading: 'property' })).toBe(true);
    expect(snap(wizard).context.loadError).toBeNull();
  });
});

describe('propertyWizardMachine publishing', () => {
  async function onReviewStep() {
    const wizard = await newWizard();
    await fillThrough(wizard, 4);
    wizard.actor.send({ type: 'NEXT' });
    await finishLocalSave(wizard);
    expect(snap(wizard).context.step).toBe(6);
    return wizard;
  }

  it('publishes from step 6 only, with a publishable form', async () => {
    const wizard = await newWizard();
    await fillThrough(wizard, 2);
    wizard.actor.send({
      type: 'EDIT',
      group: 'buildingDetails',
      values: { ...EDIT_BUILDING.values, truckAccess: [] },
    });
    for (const _ of [3, 4, 5]) wizard.actor.send({ type: 'NEXT' });
    expect(snap(wizard).context.step).toBe(6);
    // Step 3's truck access (at least one option, "none" included) is still missing.
    expect(snap(wizard).can({ type: 'PUBLISH' })).toBe(false);
    wizard.actor.send({ type: 'EDIT', group: 'buildingDetails', values: { truckAccess: ['none'] } });
    expect(snap(wizard).can({ type: 'PUBLISH' })).toBe(true);
    wizard.actor.send({ type: 'GO_TO_STEP', step: 4 });
    expect(snap(wizard).can({ type: 'PUBLISH' })).toBe(false);
  });

  it('on success clears the local draft, tells the list, and goes to the list', async () => {
    const wizard = await onReviewStep();
    wizard.actor.send({ type: 'PUBLISH' });
    expect(snap(wizard).value).toBe('publishing');
    expect(wizard.publishes[0]?.input).toMatchObject({
      propertyId: null,
      wizardStep: 6,
      form: filledForm(4),
    });
    wizard.publishes[0]?.reply.resolve(PUBLISHED);
    await settle();
    expect(snap(wizard).value).toBe('published');
    expect(snap(wizard).context).toMatchObject({ status: 'published', serverId: OTHER_ID });
    expect(wizard.storage.size).toBe(0);
    expect(wizard.effects.slice(-4)).toEqual([
      { type: 'clearLocalDraft', params: { propertyId: null } },
      { type: 'syncPropertyList', params: { property: PUBLISHED } },
      { type: 'notifyPublished', params: { property: PUBLISHED } },
      { type: 'navigateToList' },
    ]);
  });

  it('on failure keeps the form and the step, and says so', async () => {
    const wizard = await onReviewStep();
    const before = snap(wizard).context.form;
    wizard.actor.send({ type: 'PUBLISH' });
    wizard.publishes[0]?.reply.reject(
      Object.assign(new Error('Invalid input'), { code: 'property_incomplete' }),
    );
    await settle();
    expect(snap(wizard).matches('editing')).toBe(true);
    expect(snap(wizard).context).toMatchObject({
      step: 6,
      form: before,
      publishError: { message: 'Invalid input', code: 'property_incomplete' },
    });
    expect(wizard.effectTypes()).toContain('notifyPublishFailed');
    expect(wizard.effectTypes()).not.toContain('navigateToList');
    expect(wizard.storage.has('new')).toBe(true);
    wizard.actor.send({ type: 'PUBLISH' });
    expect(snap(wizard).context.publishError).toBeNull();
  });

  it('after a failed publish, a change that was never written is written again', async () => {
    const wizard = await newWizard({ failLocalWrites: true });
    await fillThrough(wizard, 4);
    wizard.actor.send({ type: 'NEXT' });
    await settle();
    expect(snap(wizard).context.unsavedLocal).toBe(true);
    wizard.actor.send({ type: 'PUBLISH' });
    wizard.publishes[0]?.reply.reject(new Error('offline'));
    await settle();
    expect(snap(wizard).matches({ editing: { autosave: 'debouncing' } })).toBe(true);
  });

  it('publishes a resumed server draft as an update of the same property', async () => {
    const wizard = startWizard({
      input: { mode: 'resume', propertyId: DRAFT_ID },
      property: serverProperty(filledForm(4), { wizardStep: 6 }),
    });
    await settle();
    wizard.actor.send({ type: 'PUBLISH' });
    expect(wizard.publishes[0]?.input.propertyId).toBe(DRAFT_ID);
  });
});
