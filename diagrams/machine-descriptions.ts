/**
 * The plain-language side of a machine, read from the machine object: `description` (English) and
 * `meta.he` (Hebrew) on states and transitions, and the registry's event table. Framework events
 * (delays, invoked actors settling) get a generic text when their transition carries none. Shared by
 * the diagrams' pages, the tester path reports, the explorer and the live machines page.
 */
import type { MachineText } from '@machines/machine-text';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export type Language = keyof MachineText;

function textOf(described: { description?: string; meta?: unknown }): MachineText | null {
  if (!described.description) return null;
  const he = (described.meta as { he?: unknown } | undefined)?.he;
  return { en: described.description, he: typeof he === 'string' ? he : described.description };
}

/** A state node's description in both languages, or null when it has none. */
export function stateText(node: AnyStateNode): MachineText | null {
  return textOf(node as { description?: string; meta?: unknown });
}

/** A transition's description in both languages, or null when it has none. */
export function transitionText(transition: AnyTransitionDefinition): MachineText | null {
  return textOf(transition as { description?: string; meta?: unknown });
}

/** Does the state or transition carry both an English description and a Hebrew `meta.he`? */
export function isFullyDescribed(described: { description?: string; meta?: unknown }): boolean {
  const he = (described.meta as { he?: unknown } | undefined)?.he;
  return Boolean(described.description) && typeof he === 'string' && he.length > 0;
}

const AFTER = /^xstate\.after\.([^.]+)\./;
const DONE = /^xstate\.done\.actor\.(.+)$/;
const ERROR = /^xstate\.error\.actor\.(.+)$/;

/** What an event means: the machine's event table, or a generic text for framework events. */
export function eventText(
  eventType: string,
  events: Readonly<Record<string, MachineText>> | undefined,
): MachineText {
  const described = events?.[eventType];
  if (described) return described;
  const after = AFTER.exec(eventType);
  if (after) return { en: `Time passes (${after[1]}).`, he: `הזמן עובר (${after[1]}).` };
  const done = DONE.exec(eventType);
  if (done) return { en: `${done[1]} finishes.`, he: `${done[1]} מסתיים בהצלחה.` };
  const error = ERROR.exec(eventType);
  if (error) return { en: `${error[1]} fails.`, he: `${error[1]} נכשל.` };
  if (eventType === '') return { en: 'Immediately.', he: 'מיד.' };
  return { en: eventType, he: eventType };
}

/** Every transition of a node (guarded alternatives separately), eventless ones included. */
export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const byEvent = [...(node.transitions.values() as Iterable<AnyTransitionDefinition[]>)].flat();
  return [...byEvent, ...((node.always ?? []) as AnyTransitionDefinition[])];
}

/** The state id without the machine's prefix (`auth.loggedIn.idle` → `loggedIn.idle`). */
export function shortStateId(machine: AnyStateMachine, id: string): string {
  return id.startsWith(`${machine.id}.`) ? id.slice(machine.id.length + 1) : id;
}
