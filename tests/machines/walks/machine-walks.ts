/**
 * The walks of every machine in `machines/registry.ts`, keyed by machine id. A machine's walks hold
 * what the graph cannot invent: events with payloads, actor outputs and errors, and how to key states.
 * A registered machine with no entry here is walked with bare events (see `defaultWalks`), so it still
 * shows in the coverage report, and fails it if bare events cannot reach all of it.
 */
import type { AnyStateMachine } from 'xstate';
import { inventoryOf } from '../harness/machine-inventory';
import {
  type MachineWalk,
  type PathReplay,
  planMachineWalk,
  type WalkCoverage,
  type WalkPath,
} from '../harness/walk-machine';
import { planAuthWalks } from './auth.walks';
import { planExposureRequestWalks } from './exposure-request.walks';
import { planOtpWalks } from './otp.walks';
import { planPropertyWizardWalks } from './property-wizard.walks';
import { appActionsNeverRun } from './property-wizard-storage.checks';
import { planRegistrationWalks } from './registration.walks';
import { planSignOutWalks } from './sign-out.walks';

const DONE_ACTOR_PREFIX = 'xstate.done.actor.';

export interface NamedWalk {
  /** The situation the walk starts from, e.g. "verify screen with an expired session". */
  name: string;
  walk: MachineWalk<AnyStateMachine>;
  /**
   * What every path of the walk must leave behind beyond the states the replay already compares
   * (what was stored, called, navigated); run on each replay by the path-coverage test.
   */
  check?: (replay: PathReplay<AnyStateMachine>, path: WalkPath<AnyStateMachine>) => void;
}

export const machineWalks: Readonly<Record<string, () => readonly NamedWalk[]>> = {
  auth: planAuthWalks,
  otp: planOtpWalks,
  registration: planRegistrationWalks,
  propertyWizard: planPropertyWizardWalks,
  signOut: planSignOutWalks,
  exposureRequest: planExposureRequestWalks,
};

/**
 * What a machine's walks must cover together beyond states, transitions and event types, as the gaps
 * the coverage gate fails on (e.g. an action the app supplies that no path runs).
 */
export const machineCoverageGaps: Readonly<Record<string, (coverage: WalkCoverage) => string[]>> = {
  propertyWizard: appActionsNeverRun,
};

/**
 * Walks for a machine nobody wrote fixtures for: every application event sent bare (`{ type }`), every
 * invoked actor resolving with `undefined` or failing with an `Error`. Enough for machines whose events
 * carry no payload; anything it cannot reach shows as a gap, which tells the author to add a walk module.
 */
export function defaultWalks(machine: AnyStateMachine): readonly NamedWalk[] {
  const { eventTypes } = inventoryOf(machine);
  const appEvents = eventTypes.filter((type) => !type.startsWith('xstate.'));
  const doneActorIds = eventTypes
    .filter((type) => type.startsWith(DONE_ACTOR_PREFIX))
    .map((type) => type.slice(DONE_ACTOR_PREFIX.length));
  const walk = planMachineWalk({
    machine,
    events: Object.fromEntries(appEvents.map((type) => [type, [{ type }]])),
    actorOutputs: Object.fromEntries(doneActorIds.map((id) => [id, [undefined]])),
    contextThatMatters: () => null,
    serializeState: (snapshot) => JSON.stringify(snapshot.value),
    generators: ['shortest', 'edge'],
  });
  return [{ name: 'bare events (no walk module)', walk }];
}

/** Walks for a registered machine: its own module's, or bare-event walks when it has none. */
export function walksFor(machine: AnyStateMachine): {
  walks: readonly NamedWalk[];
  defaultFixtures: boolean;
} {
  const plan = machineWalks[machine.id];
  return plan
    ? { walks: plan(), defaultFixtures: false }
    : { walks: defaultWalks(machine), defaultFixtures: true };
}
