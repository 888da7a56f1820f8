/**
 * The property wizard walked along the machine's generated paths for a new property, on the real
 * screens and server: the six steps, the autosave (its 500 ms debounce and 200 ms "saving" on the
 * machines' clock), the offer of a local draft, the review's edit link, publishing.
 */

import { toPropertyInput } from '@domain/property-form';
import { canGoNext, canPublish } from '@domain/wizard-rules';
import { WIZARD_STEPS } from '@domain/wizard-steps';
import { propertyWizardMachine } from '@machines/property-wizard/property-wizard.machine';
import { selectStatusLine } from '@machines/property-wizard/property-wizard.selectors';
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { writeLocalDraft } from '@/features/property-wizard/draft-storage';
import { i18n } from '@/i18n/i18n';
import { fillBuildingDetails, fillEnvironment, KIND_LABELS } from '../features/property-wizard/fill-steps';
import {
  choose,
  renderWizard,
  type SignedInUser,
  setUpWizardServer,
  signUp,
  type as typeInto,
} from '../features/property-wizard/wizard-harness';
import { EDIT_CITY, filledForm } from '../machines/fixtures/property-wizard';
import {
  DRAFT_AT_STEP_2,
  DRAFT_AT_STEP_4,
  DRAFT_AT_STEP_5,
  LOCAL_DRAFT_KIND_ONLY,
  LOCAL_DRAFT_STEP_3,
  planNewPropertyWalk,
  planReturningTabWalk,
  planStoredPropertyWalk,
} from '../machines/walks/property-wizard.walks';
import {
  coveringPaths,
  describeUiWalks,
  type Executors,
  notOnScreen,
  notSentByAnyScreen,
  passedThrough,
  type StateAssertions,
  type UiWalk,
  type UiWalkFlow,
} from './support/ui-walk';

const t = i18n.getFixedT('he', 'wizard');

const wizardServer = setUpWizardServer();

type Machine = typeof propertyWizardMachine;
type Snapshot = SnapshotFrom<Machine>;
interface WizardWorld {
  view: Awaited<ReturnType<typeof renderWizard>>;
  owner: SignedInUser;
}
type InvokeId =
  | 'loadProperty'
  | 'loadLocalDraft'
  | 'saveLocalDraft'
  | 'saveServerDraft'
  | 'saveLocalDraftOnClose'
  | 'publishProperty';

const stepIdOf = (step: number) => WIZARD_STEPS[step - 1]?.id ?? 'kind';
const stepTitle = (step: number) => t(`steps.${WIZARD_STEPS[step - 1]?.id ?? 'kind'}.title`);
const button = (name: string) => screen.getByRole('button', { name });

/** No answer at all: the connection dropped. The real server cannot produce this; the fetch fails. */
const networkFailure = () => {
  throw new TypeError('Failed to fetch');
};

/** The document goes to the background (another tab, the phone locked): the app writes at once. */
async function hideDocument() {
  const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  try {
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  } finally {
    // Visible again for the rest of the walk.
    if (visibility) delete (document as { visibilityState?: unknown }).visibilityState;
  }
}

const synchronousStorage = async () => {
  // localStorage answers within the same tick: the screen is already past this state.
};

const executors = {
  SET_KIND: ({ world }) =>
    world.view.user.click(screen.getByRole('radio', { name: new RegExp(`^${KIND_LABELS.logistics}`) })),
  EDIT: async ({ world, event }) => {
    const { user } = world.view;
    if (event === EDIT_CITY || (event.group === 'generalInfo' && 'city' in event.values)) {
      await typeInto(user, 'עיר', 'חיפה');
    } else if (event.group === 'generalInfo') {
      await choose(user, 'ייעודי שימוש', 'אחסון יבש');
      await typeInto(user, 'כתובת', 'דרך העצמאות 40');
      await choose(user, 'סוג המבנה', 'פארק לוגיסטי');
    } else if (event.group === 'buildingDetails') {
      await fillBuildingDetails(user, 'logistics');
    } else {
      await fillEnvironment(user);
    }
  },
  ADD_FILES: notSentByAnyScreen('not walked here: uploads are walked by tests/features/property-wizard'),
  REMOVE_FILE: notSentByAnyScreen('not walked here: uploads are walked by tests/features/property-wizard'),
  REORDER_FILES: notSentByAnyScreen('not walked here: uploads are walked by tests/features/property-wizard'),
  SET_CAPTION: notSentByAnyScreen('not walked here: captions are walked by tests/features/property-wizard'),
  NEXT: ({ world }) => world.view.user.click(button(t('actions.next'))),
  BACK: ({ world, from }) =>
    world.view.user.click(button(from.context.step === 1 ? t('actions.cancel') : t('actions.back'))),
  GO_TO_STEP: async ({ world, event, from }) => {
    const target = Number(event.step);
    if (from.context.step === 6) {
      const label = t(`steps.${WIZARD_STEPS[target - 1]?.id ?? 'kind'}.label`);
      await world.view.user.click(button(t('actions.editStep', { step: label })));
    } else {
      const stepper = screen.getByRole('navigation', { name: t('stepperLabel') });
      const label = t(`steps.${WIZARD_STEPS[target - 1]?.id ?? 'kind'}.label`);
      await world.view.user.click(within(stepper).getByRole('button', { name: new RegExp(label) }));
    }
  },
  PUBLISH: ({ world }) => world.view.user.click(button(t('actions.publish'))),
  SAVE: ({ world }) => world.view.user.click(button(t('actions.saveDraft'))),
  FLUSH: () => hideDocument(),
  CLEAR: async ({ world }) => {
    await world.view.user.click(button(t('actions.clear')));
    const dialog = await screen.findByRole('dialog', { name: t('clearConfirm.title') });
    await world.view.user.click(within(dialog).getByRole('button', { name: t('clearConfirm.confirm') }));
  },
  RETRY: ({ world }) => world.view.user.click(button(t('actions.retry'))),
  RESUME_DRAFT: ({ world }) => world.view.user.click(button(t('resume.resume'))),
  START_FRESH: ({ world }) => world.view.user.click(button(t('resume.startFresh'))),
  SCHEDULE_AUTOSAVE: notSentByAnyScreen('the machine raises it itself after a form change'),
  'xstate.after.autosaveDebounce': ({ clock }) => clock.advance(500),
  'xstate.after.simulatedSave': ({ clock }) => clock.advance(200),
  'xstate.done.actor.loadLocalDraft': synchronousStorage,
  'xstate.done.actor.saveLocalDraft': synchronousStorage,
  'xstate.done.actor.saveLocalDraftOnClose': synchronousStorage,
  'xstate.error.actor.loadLocalDraft': notSentByAnyScreen('not walked here: a storage that refuses reads'),
  'xstate.error.actor.saveLocalDraft': notSentByAnyScreen('not walked here: a full storage'),
  'xstate.error.actor.saveLocalDraftOnClose': notSentByAnyScreen('not walked here: a full storage'),
  'xstate.done.actor.loadProperty': ({ gate }) => gate.release('loadProperty'),
  'xstate.error.actor.loadProperty': ({ gate }) => gate.release('loadProperty', networkFailure),
  'xstate.done.actor.saveServerDraft': ({ gate }) => gate.release('saveServerDraft'),
  'xstate.error.actor.saveServerDraft': ({ gate }) => gate.release('saveServerDraft', networkFailure),
  'xstate.done.actor.publishProperty': ({ gate }) => gate.release('publishProperty'),
  'xstate.error.actor.publishProperty': ({ gate }) => gate.release('publishProperty', networkFailure),
} satisfies Executors<Machine, InvokeId, WizardWorld>;

/** The status line: saving, saved or unsaved as the model says, and the required fields left. */
function expectStatusLine(state: Snapshot) {
  const status = selectStatusLine(state);
  const line = screen.getByTestId('wizard-status');
  const saving = within(line).queryByText(t('status.saving'));
  if (status.kind === 'saving') expect(saving).toBeInTheDocument();
  else expect(saving).not.toBeInTheDocument();
  const saved = within(line).queryByText(/^נשמר בשעה /);
  if (status.kind === 'saved') expect(saved).toBeInTheDocument();
  else expect(saved).not.toBeInTheDocument();
  const unsaved = within(line).queryByText(t('status.unsaved'));
  if (status.kind === 'unsaved') expect(unsaved).toBeInTheDocument();
  else expect(unsaved).not.toBeInTheDocument();
  expect(line).toHaveTextContent(
    status.missingCount > 0 ? t('status.missing', { count: status.missingCount }) : t('status.noneMissing'),
  );
}

const assertions: StateAssertions<Machine, WizardWorld> = {
  'propertyWizard.loading': () => expect(screen.getByText(t('loading'))).toBeVisible(),
  'propertyWizard.loading.choosingSource': notOnScreen('picks the source as the wizard starts'),
  'propertyWizard.loading.property': () => expect(screen.getByText(t('loading'))).toBeVisible(),
  'propertyWizard.loading.localDraft': passedThrough('the local draft is read from localStorage at once'),
  'propertyWizard.loadFailed': () => {
    expect(screen.getByText(t('loadFailed.title'))).toBeVisible();
    expect(screen.getByText(t('toasts.loadFailed'))).toBeVisible();
    expect(button(t('actions.retry'))).toBeEnabled();
  },
  'propertyWizard.offeringDraft': () => {
    const dialog = screen.getByRole('dialog', { name: t('resume.title') });
    expect(within(dialog).getByRole('button', { name: t('resume.resume') })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: t('resume.startFresh') })).toBeEnabled();
  },
  'propertyWizard.editing': ({ world, state }) => {
    expect(world.view.router.state.location.pathname).toBe('/properties/create');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(stepTitle(state.context.step));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const forward = button(state.context.step === 6 ? t('actions.publish') : t('actions.next'));
    const allowed =
      state.context.step === 6
        ? canPublish(state.context.form)
        : canGoNext(state.context.step, state.context.form);
    if (allowed) expect(forward).not.toHaveAttribute('aria-disabled');
    else expect(forward).toHaveAttribute('aria-disabled', 'true');
  },
  'propertyWizard.editing.steps': ({ world, state }) => {
    // The address carries the step, so back and forward move between steps.
    expect(world.view.router.state.location.search).toMatchObject({ step: stepIdOf(state.context.step) });
  },
  'propertyWizard.editing.steps.entering': notOnScreen('opens the step the draft was left on'),
  ...Object.fromEntries(
    WIZARD_STEPS.map(({ step, id }) => [
      `propertyWizard.editing.steps.${id}`,
      () => expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(stepTitle(step)),
    ]),
  ),
  'propertyWizard.editing.autosave': ({ state }) => expectStatusLine(state),
  'propertyWizard.editing.autosave.resuming': notOnScreen('picks idle or the debounce on entry'),
  'propertyWizard.editing.autosave.idle': ({ state }) => expectStatusLine(state),
  'propertyWizard.editing.autosave.debouncing': ({ state }) => expectStatusLine(state),
  'propertyWizard.editing.autosave.saving': () =>
    expect(within(screen.getByTestId('wizard-status')).getByText(t('status.saving'))).toBeVisible(),
  'propertyWizard.editing.autosave.saving.writing': passedThrough('localStorage is written at once'),
  'propertyWizard.editing.autosave.saving.settling': () =>
    expect(within(screen.getByTestId('wizard-status')).getByText(t('status.saving'))).toBeVisible(),
  'propertyWizard.editing.serverSave': () => expect(button(t('actions.saveDraft'))).toBeVisible(),
  'propertyWizard.editing.serverSave.idle': () =>
    expect(button(t('actions.saveDraft'))).not.toHaveAttribute('data-loading'),
  'propertyWizard.editing.serverSave.saving': () =>
    expect(button(t('actions.saveDraft'))).toHaveAttribute('data-loading'),
  'propertyWizard.closing': passedThrough('the last change is written to localStorage at once'),
  'propertyWizard.publishing': () => expect(button(t('actions.publish'))).toHaveAttribute('data-loading'),
  'propertyWizard.cancelled': ({ world }) => {
    expect(world.view.router.state.location.pathname).toBe('/properties');
    expect(screen.getByRole('heading', { level: 1, name: 'הנכסים שלי' })).toBeVisible();
  },
  'propertyWizard.published': ({ world }) => {
    expect(world.view.router.state.location.pathname).toBe('/properties');
    expect(screen.getByText(t('toasts.published'))).toBeVisible();
  },
};

const FILES =
  'not walked here: choosing, ordering and removing files is walked in tests/features/property-wizard';
const STORAGE = 'not walked here: a browser storage that refuses to read or write';
const flow: UiWalkFlow<Machine, InvokeId, WizardWorld> = {
  name: 'property wizard: a new property through six steps, autosave, draft offer, publish',
  machine: propertyWizardMachine,
  invokeIds: [
    'loadProperty',
    'loadLocalDraft',
    'saveLocalDraft',
    'saveServerDraft',
    'saveLocalDraftOnClose',
    'publishProperty',
  ],
  requests: {
    loadProperty: 'GET /api/property/{id}',
    saveServerDraft: /^\/api\/property\/(create|update\/[^/]+)$/,
    publishProperty: /^\/api\/property\/(create|update\/[^/]+)$/,
  },
  executors,
  assertions,
  notWalkedOnScreen: {
    ADD_FILES: FILES,
    REMOVE_FILE: FILES,
    REORDER_FILES: FILES,
    SET_CAPTION: FILES,
    'propertyWizard.editing|ADD_FILES|0': FILES,
    'propertyWizard.editing|REMOVE_FILE|0': FILES,
    'propertyWizard.editing|REORDER_FILES|0': FILES,
    'propertyWizard.editing|SET_CAPTION|0': FILES,
    'xstate.error.actor.loadLocalDraft': STORAGE,
    'xstate.error.actor.saveLocalDraft': STORAGE,
    'xstate.error.actor.saveLocalDraftOnClose': STORAGE,
    'propertyWizard.loading.localDraft|xstate.error.actor.loadLocalDraft|0': STORAGE,
    'propertyWizard.editing.autosave.saving.writing|xstate.error.actor.saveLocalDraft|0': STORAGE,
    'propertyWizard.closing|xstate.error.actor.saveLocalDraftOnClose|0': STORAGE,
    // Back on step 6 after a failed publish with a change still unwritten: needs a failed write first.
    'propertyWizard.editing.autosave.resuming||0': STORAGE,
  },
};

/** The model's own walk plans, replayed on the screens (see `WalkSurface`). */
const planNew = () => planNewPropertyWalk('screen');
const planReturning = () => planReturningTabWalk('screen');
const planStored = () => planStoredPropertyWalk('screen');

const covering = await coveringPaths([
  { name: 'new', plan: planNew },
  { name: 'returning', plan: planReturning },
  { name: 'stored', plan: planStored },
]);

/** The stored draft a walk's first load answers with, created on the real server. */
const STORED_BY_STEP = new Map([
  [DRAFT_AT_STEP_2, { form: filledForm(1), wizardStep: 2 }],
  [DRAFT_AT_STEP_4, { form: filledForm(3), wizardStep: 4 }],
  [DRAFT_AT_STEP_5, { form: filledForm(3), wizardStep: 5 }],
]);

const walks: UiWalk<Machine, WizardWorld>[] = [
  {
    name: 'a new property',
    plan: planNew(),
    paths: covering.get('new') ?? [],
    start: async ({ path }) => {
      const first = path.steps[1]?.event;
      if (first?.type === 'xstate.done.actor.loadLocalDraft' && first.output) {
        writeLocalDraft(null, { ...LOCAL_DRAFT_STEP_3, startedAt: Date.now(), savedAt: Date.now() });
      }
      const owner = await signUp(wizardServer.server);
      const view = await renderWizard(owner);
      return { view, owner };
    },
    finish: (world) => world.view.reload(),
  },
  {
    name: 'a page of this tab returned to (back, forward, reload)',
    plan: planReturning(),
    paths: covering.get('returning') ?? [],
    start: async () => {
      writeLocalDraft(null, { ...LOCAL_DRAFT_STEP_3, startedAt: Date.now(), savedAt: Date.now() });
      const owner = await signUp(wizardServer.server);
      const view = await renderWizard(owner, '/properties/create?step=buildingDetails');
      return { view, owner };
    },
    finish: (world) => world.view.reload(),
  },
  {
    name: 'a draft stored on the server',
    plan: planStored(),
    paths: covering.get('stored') ?? [],
    start: async ({ path }) => {
      const owner = await signUp(wizardServer.server);
      const loadedProperty = path.steps.find((step) => step.event.type === 'xstate.done.actor.loadProperty');
      const stored = STORED_BY_STEP.get(loadedProperty?.event.output) ?? STORED_BY_STEP.get(DRAFT_AT_STEP_2);
      const created = await wizardServer.server.app.inject({
        method: 'POST',
        url: '/api/property/create',
        headers: owner.headers,
        payload: toPropertyInput(stored?.form ?? filledForm(1), {
          status: 'draft',
          wizardStep: stored?.wizardStep ?? 2,
        }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json().data as { id: string }).id;
      const loaded = path.steps.find((step) => step.event.type === 'xstate.done.actor.loadLocalDraft');
      if (loaded?.event.output)
        writeLocalDraft(id, { ...LOCAL_DRAFT_KIND_ONLY, startedAt: Date.now(), savedAt: Date.now() });
      const view = await renderWizard(owner, `/properties/create?draft=${id}`);
      return { view, owner };
    },
    finish: (world) => world.view.reload(),
  },
];

describeUiWalks(flow, walks);
