import { createEmptyPropertyForm } from '@domain/property-form';
import { AUTOSAVE_DEBOUNCE_MS, SIMULATED_SAVE_MS } from '@machines/property-wizard/property-wizard.machine';
import {
  selectFormStatus,
  selectMissingCount,
  selectStatusLine,
} from '@machines/property-wizard/property-wizard.selectors';
import { describe, expect, it } from 'vitest';
import { settle } from './fixtures/deferred';
import {
  EDIT_CITY,
  FIXED_NOW,
  filledForm,
  OTHER_ID,
  SET_LOGISTICS,
  serverProperty,
} from './fixtures/property-wizard';
import { startWizard } from './fixtures/property-wizard-actor';

describe('selectStatusLine', () => {
  it('goes idle → unsaved → saving → saved with the time of the write, counting what the step still needs', async () => {
    const wizard = startWizard();
    await settle();
    const line = () => selectStatusLine(wizard.actor.getSnapshot());
    expect(line()).toEqual({ kind: 'idle', missingCount: 1 });

    wizard.actor.send(SET_LOGISTICS);
    expect(line()).toEqual({ kind: 'unsaved', missingCount: 0 });
    wizard.clock.increment(AUTOSAVE_DEBOUNCE_MS);
    expect(line()).toEqual({ kind: 'saving', missingCount: 0 });
    await settle();
    expect(line().kind).toBe('saving');
    wizard.clock.increment(SIMULATED_SAVE_MS);
    expect(line()).toEqual({ kind: 'saved', at: FIXED_NOW + AUTOSAVE_DEBOUNCE_MS, missingCount: 0 });

    // Step 2 for logistics: usage category, city, address and property category.
    wizard.actor.send({ type: 'NEXT' });
    await settle();
    wizard.clock.increment(SIMULATED_SAVE_MS);
    expect(line().missingCount).toBe(4);
    wizard.actor.send(EDIT_CITY);
    expect(line()).toEqual({ kind: 'unsaved', missingCount: 3 });
  });

  it('shows saving while the draft is stored on the server', async () => {
    const wizard = startWizard();
    await settle();
    wizard.actor.send(SET_LOGISTICS);
    wizard.actor.send({ type: 'FLUSH' });
    await settle();
    wizard.clock.increment(SIMULATED_SAVE_MS);
    wizard.actor.send({ type: 'SAVE' });
    expect(selectStatusLine(wizard.actor.getSnapshot()).kind).toBe('saving');
    expect(selectFormStatus(wizard.actor.getSnapshot())).toBe('saving');
  });
});

describe('selectMissingCount', () => {
  it('counts every step on the review step, since publishing needs them all', () => {
    expect(selectMissingCount({ step: 6, form: filledForm(4) })).toBe(0);
    const form = filledForm(4);
    form.buildingDetails.hasParking = null;
    form.generalInfo.city = '  ';
    expect(selectMissingCount({ step: 6, form })).toBe(2);
    expect(selectMissingCount({ step: 4, form })).toBe(0);
    // Nothing chosen yet: the kind, then step 2's four (usage is asked while the kind is unknown).
    expect(selectMissingCount({ step: 6, form: createEmptyPropertyForm() })).toBe(1 + 4 + 4);
  });
});

describe('selectFormStatus', () => {
  it('is draft until a change is written, then saved, and draft again with a new change', async () => {
    const wizard = startWizard();
    await settle();
    const status = () => selectFormStatus(wizard.actor.getSnapshot());
    expect(status()).toBe('draft');
    wizard.actor.send(SET_LOGISTICS);
    expect(status()).toBe('draft');
    wizard.actor.send({ type: 'FLUSH' });
    expect(status()).toBe('saving');
    await settle();
    wizard.clock.increment(SIMULATED_SAVE_MS);
    expect(status()).toBe('saved');
    wizard.actor.send({ type: 'NEXT' });
    wizard.actor.send(EDIT_CITY);
    await settle();
    wizard.clock.increment(SIMULATED_SAVE_MS);
    expect(status()).toBe('draft');
  });

  it('is published for a published property, and after publishing', async () => {
    const published = serverProperty(filledForm(4), { id: OTHER_ID, status: 'published', wizardStep: 6 });
    const wizard = startWizard({ input: { mode: 'resume', propertyId: OTHER_ID }, property: published });
    await settle();
    expect(selectFormStatus(wizard.actor.getSnapshot())).toBe('published');
    wizard.actor.send({ type: 'PUBLISH' });
    expect(selectFormStatus(wizard.actor.getSnapshot())).toBe('saving');
    wizard.publishes[0]?.reply.resolve(published);
    await settle();
    expect(selectFormStatus(wizard.actor.getSnapshot())).toBe('published');
  });
});
