/**
 * Signing out walked along the sign-out machine's generated paths, as the broker meets it: from the
 * property list with two drafts only this browser has (a new property, and changes to a stored
 * draft), or with none. The question, its save (held on the way to the server, then let through or
 * failed), "log out without saving", Escape, and where the broker ends up.
 */
import { createEmptyPropertyForm } from '@domain/property-form';
import { LOCAL_DRAFT_VERSION, type LocalDraft } from '@machines/property-wizard/local-draft';
import { signOutMachine } from '@machines/sign-out/sign-out.machine';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AuthSession } from '@/features/auth/auth-session';
import { PROPERTY_DRAFT_STORAGE_KEY } from '@/features/property-wizard/draft-storage';
import { i18n } from '@/i18n/i18n';
import {
  listProperties,
  renderWizard,
  type SignedInUser,
  setUpWizardServer,
  signUp,
} from '../features/property-wizard/wizard-harness';
import { planMachineWalk } from '../machines/harness/walk-machine';
import { SIGN_OUT_EVENTS } from '../machines/walks/sign-out.walks';
import { createProperty, draftRetail } from '../server/helpers/properties';
import {
  coveringPaths,
  describeUiWalks,
  type Executors,
  passedThrough,
  type StateAssertions,
  type UiWalk,
  type UiWalkFlow,
} from './support/ui-walk';

const tLayout = i18n.getFixedT('he', 'layout');
const tWizard = i18n.getFixedT('he', 'wizard');

const env = setUpWizardServer();

type Machine = typeof signOutMachine;
type Router = Awaited<ReturnType<typeof renderWizard>>['router'];
interface SignOutWorld {
  user: UserEvent;
  router: Router;
  session: AuthSession;
  broker: SignedInUser;
}
type InvokeId = 'findUnsavedWork' | 'saveUnsavedWork';

const CREATE = 'POST /api/property/create';
const dialog = () => screen.getByRole('dialog', { name: tWizard('signOut.title', { count: 2 }) });

function localDraft(form: LocalDraft['form'], draftKey: string): LocalDraft {
  return {
    version: LOCAL_DRAFT_VERSION,
    form,
    step: 2,
    furthestStep: 2,
    startedAt: Date.now(),
    savedAt: Date.now(),
    unsavedServer: true,
    draftKey,
  };
}

/** Two drafts the server lacks: a new property with a city, and a stored draft with a new address. */
async function storeUnsavedDrafts(broker: SignedInUser) {
  const stored = await createProperty(env.server, broker.headers, draftRetail({ wizardStep: 2 }));
  const fresh = createEmptyPropertyForm();
  fresh.generalInfo.propertyKind = 'offices';
  fresh.generalInfo.city = 'נתניה';
  const changed = createEmptyPropertyForm();
  changed.generalInfo.propertyKind = 'retail';
  changed.generalInfo.city = 'חיפה';
  changed.generalInfo.address = 'שדרות הנשיא 7';
  localStorage.setItem(
    PROPERTY_DRAFT_STORAGE_KEY,
    JSON.stringify({
      new: localDraft(fresh, `walk-${crypto.randomUUID()}`),
      [stored.id]: localDraft(changed, `walk-${crypto.randomUUID()}`),
    }),
  );
}

const executors = {
  SIGN_OUT: ({ world }) => world.user.click(screen.getByRole('button', { name: tLayout('logout') })),
  'xstate.done.actor.findUnsavedWork': () => {
    // Reads this browser's storage as the flow loads: nothing to do.
  },
  'xstate.error.actor.findUnsavedWork': () => {
    throw new Error('not walked: a storage that refuses reads');
  },
  SAVE_AND_SIGN_OUT: ({ world }) =>
    world.user.click(within(dialog()).getByRole('button', { name: tWizard('signOut.save', { count: 2 }) })),
  SIGN_OUT_WITHOUT_SAVING: ({ world }) =>
    world.user.click(within(dialog()).getByRole('button', { name: tWizard('signOut.discard') })),
  // Escape is the dialog's cancel (its cancel button does the same: tests/features/.../sign-out.test.tsx).
  CANCEL: ({ world }) => world.user.keyboard('{Escape}'),
  'xstate.done.actor.saveUnsavedWork': ({ gate }) => gate.release('saveUnsavedWork'),
  // The connection drops as the first draft is sent.
  'xstate.error.actor.saveUnsavedWork': ({ gate }) =>
    gate.release('saveUnsavedWork', () => {
      throw new TypeError('Failed to fetch');
    }),
} satisfies Executors<Machine, InvokeId, SignOutWorld>;

const assertions: StateAssertions<Machine, SignOutWorld> = {
  'signOut.idle': ({ world }) => {
    expect(world.router.state.location.pathname).toBe('/properties');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: tLayout('logout') })).toBeVisible();
  },
  'signOut.checking': passedThrough('reads the drafts in this browser storage as the flow loads'),
  'signOut.asking': ({ world, state }) => {
    expect(world.router.state.location.pathname).toBe('/properties');
    const question = dialog();
    const save = within(question).getByRole('button', { name: tWizard('signOut.save', { count: 2 }) });
    expect(save).toBeEnabled();
    const alert = within(question).queryByRole('alert');
    if (state.context.saveError) expect(alert).toHaveTextContent(tWizard('signOut.saveFailed'));
    else expect(alert).not.toBeInTheDocument();
    expect(localStorage.getItem(PROPERTY_DRAFT_STORAGE_KEY)).not.toBeNull();
  },
  'signOut.saving': ({ world }) => {
    expect(world.router.state.location.pathname).toBe('/properties');
    const question = dialog();
    expect(within(question).getByRole('button', { name: tWizard('signOut.discard') })).toBeDisabled();
    expect(within(question).getByRole('button', { name: tWizard('signOut.cancel') })).toBeDisabled();
  },
  'signOut.signedOut': ({ world }) => {
    expect(world.router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(PROPERTY_DRAFT_STORAGE_KEY)).toBeNull();
  },
};

const flow: UiWalkFlow<Machine, InvokeId, SignOutWorld> = {
  name: 'sign-out: the question about unsaved drafts, its save, or signing out at once',
  machine: signOutMachine,
  invokeIds: ['findUnsavedWork', 'saveUnsavedWork'],
  requests: { saveUnsavedWork: CREATE },
  executors,
  assertions,
  notWalkedOnScreen: {
    'xstate.error.actor.findUnsavedWork': 'not walked: a storage that refuses reads',
    'signOut.checking|xstate.error.actor.findUnsavedWork|0': 'not walked: a storage that refuses reads',
  },
};

function plan(drafts: 'unsaved' | 'none') {
  return planMachineWalk({
    machine: signOutMachine,
    events: SIGN_OUT_EVENTS,
    actorOutputs: { findUnsavedWork: [drafts === 'unsaved' ? 2 : 0], saveUnsavedWork: [undefined] },
    actorErrors: { findUnsavedWork: [], saveUnsavedWork: [new TypeError('Failed to fetch')] },
    contextThatMatters: ({ unsavedDrafts, saveError }) => ({ unsavedDrafts, failed: saveError !== null }),
    generators: ['shortest', 'edge'],
  });
}

const PLANS = { unsaved: () => plan('unsaved'), none: () => plan('none') };
const covering = await coveringPaths(Object.entries(PLANS).map(([name, plan]) => ({ name, plan })));
const planned = (name: keyof typeof PLANS) => ({ plan: PLANS[name](), paths: covering.get(name) ?? [] });

async function open(broker: SignedInUser): Promise<SignOutWorld> {
  const { user, router, session } = await renderWizard(broker, '/properties');
  await screen.findByRole('button', { name: tLayout('logout') });
  return { user, router, session, broker };
}

const walks: UiWalk<Machine, SignOutWorld>[] = [
  {
    name: 'two drafts only this browser has',
    ...planned('unsaved'),
    start: async () => {
      const broker = await signUp(env.server);
      await storeUnsavedDrafts(broker);
      return open(broker);
    },
    finish: async (world) => {
      // Saved means on the server: the new property created, the stored draft's address updated.
      if (world.router.state.location.pathname === '/login') {
        const drafts = await listProperties(env.server, world.broker);
        const saved = drafts.length === 2 && drafts.some((draft) => draft.address === 'שדרות הנשיא 7');
        const discarded = drafts.length === 1 && drafts[0]?.address === 'שדרות הנשיא 120';
        expect(saved || discarded).toBe(true);
      }
      world.session.stop();
    },
  },
  {
    name: 'nothing the server lacks',
    ...planned('none'),
    start: async () => open(await signUp(env.server)),
    finish: (world) => world.session.stop(),
  },
];

describeUiWalks(flow, walks);
