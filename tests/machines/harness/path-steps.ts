/**
 * A generated path as a tester reads it: a stable id and numbered plain-language steps, written from
 * the machine's own descriptions (`description`, `meta.he`, the event table of machines/registry.ts).
 *
 * The id is a hash of the walk's name, the path's signature (the state it starts in, then for each
 * step the event type, delays without their state id, and the state it leads to) and the harness's
 * labels of its events (which tell data apart: a fresh or an expiring token). Adding a path or a
 * walk leaves the other ids alone; changing what a path does changes its id. The signature is also
 * what a walk through the screens records, so a model path and a UI path that take the same steps
 * are recognised as one test case even though their fixtures differ.
 */
import { createHash } from 'node:crypto';
import { eventText, shortStateId, stateText, transitionText } from '@diagrams/machine-descriptions';
import type { MachineText } from '@machines/machine-text';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';

const AFTER_PREFIX = 'xstate.after.';

/** `xstate.after.resendTick.otp.enteringCode.resend.idle` → `xstate.after.resendTick`. */
export function eventKeyOf(eventType: string): string {
  if (!eventType.startsWith(AFTER_PREFIX)) return eventType;
  return `${AFTER_PREFIX}${eventType.slice(AFTER_PREFIX.length).split('.')[0]}`;
}

interface PathLike {
  steps: ReadonlyArray<{ event: AnyEventObject; state: unknown }>;
}

/** The start state, then `event>state` per step: what the path does, without its fixtures. */
export function pathSignature(path: PathLike): string[] {
  const [first, ...rest] = path.steps;
  const value = (state: unknown) => JSON.stringify((state as AnyMachineSnapshot).value);
  return [value(first?.state), ...rest.map((step) => `${eventKeyOf(step.event.type)}>${value(step.state)}`)];
}

/**
 * The id: machine, then a hash of the walk, the signature and the event labels (the harness id without
 * its `kind #n:` prefix). The labels tell apart paths that take the same steps with different data (a
 * token that expires soon or not), which are different test cases.
 */
export function pathIdOf(
  machineId: string,
  walkName: string,
  signature: readonly string[],
  harnessId: string,
): string {
  const labels = harnessId.slice(harnessId.indexOf(':') + 1).trim();
  const hash = createHash('sha256')
    .update([walkName, ...signature, labels].join('\n'))
    .digest('hex');
  return `${machineId}-${hash.slice(0, 8)}`;
}

export interface PathStep {
  /** 1 for the start, then one per event. */
  number: number;
  /** The event key (`TYPE_CODE`, `xstate.after.resendTick`); null for the start. */
  event: string | null;
  /** The event with the walk's data, as the harness labels it (`TYPE_CODE(12)`); null for the start. */
  label: string | null;
  /** What happens: the event, and the decision it meets when one is described. */
  happens: MachineText;
  /** Where the flow is afterwards: the innermost states, described. */
  now: MachineText;
  /** The innermost active state ids, for highlighting on the diagram. */
  states: string[];
}

export interface DescribedPath {
  id: string;
  machineId: string;
  walk: string;
  /** The harness's own id of the path (kind, index, event labels), as the machine tests name it. */
  harnessId: string;
  signature: string[];
  steps: PathStep[];
}

function leafNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  const nodes = (snapshot._nodes as AnyStateNode[]).filter((node) => node.parent !== undefined);
  return nodes.filter((node) => !nodes.some((other) => other.parent === node));
}

function join(texts: MachineText[], separator = ' '): MachineText {
  return {
    en: texts.map((text) => text.en).join(separator),
    he: texts.map((text) => text.he).join(separator),
  };
}

function nowOf(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): MachineText {
  return join(leafNodes(snapshot).map((node) => stateText(node) ?? fallback(machine, node)));
}

function fallback(machine: AnyStateMachine, node: AnyStateNode): MachineText {
  const id = shortStateId(machine, node.id);
  return { en: `In ${id}.`, he: `ב-${id}.` };
}

/** The step's event in words, followed by the decision the machine took on it when that is described. */
function happensOf(
  previous: AnyMachineSnapshot,
  event: AnyEventObject,
  events: Readonly<Record<string, MachineText>> | undefined,
): MachineText {
  const machine = previous.machine as AnyStateMachine;
  const taken = machine.getTransitionData(previous as never, event as never);
  const decided = taken.map((transition) => transitionText(transition)).filter((text) => text !== null);
  const happened = eventText(eventKeyOf(event.type), events);
  if (event.type.startsWith('xstate.') && decided.length > 0) return join(decided);
  return decided.length > 0 ? join([happened, ...decided], ' → ') : happened;
}

export function describePath(
  machine: AnyStateMachine,
  walkName: string,
  path: PathLike & { id: string },
  events: Readonly<Record<string, MachineText>> | undefined,
): DescribedPath {
  const signature = pathSignature(path);
  const labels = path.id
    .slice(path.id.indexOf(':') + 1)
    .split(' → ')
    .map((label) => label.trim());
  const steps: PathStep[] = path.steps.map((step, index) => {
    const snapshot = step.state as AnyMachineSnapshot;
    const previous = path.steps[index - 1]?.state as AnyMachineSnapshot | undefined;
    return {
      number: index + 1,
      event: previous ? eventKeyOf(step.event.type) : null,
      label: previous ? (labels[index - 1] ?? step.event.type) : null,
      happens: previous
        ? happensOf(previous, step.event, events)
        : { en: `Start (${walkName}).`, he: `התחלה (${walkName}).` },
      now: nowOf(machine, snapshot),
      states: leafNodes(snapshot).map((node) => node.id),
    };
  });
  return {
    id: pathIdOf(machine.id, walkName, signature, path.id),
    machineId: machine.id,
    walk: walkName,
    harnessId: path.id,
    signature,
    steps,
  };
}
