/**
 * The run-time switch of the machine inspector, small enough for the first load: whether the page asks
 * for inspection (`?inspect`), and the inspection this page started, if any. The inspector itself
 * (start-inspection.ts, Stately's package, the live machines page with Mermaid) is imported only after
 * the server said yes, so a user who does not ask downloads none of it.
 */
import type { LiveActorStore } from './live-actors';

export interface Inspection {
  /** Running actors for the dev machines page. */
  liveActors: LiveActorStore;
  /** True when the Stately inspector was attached (`?inspect` in the URL). */
  statelyInspector: boolean;
  /** Detaches everything (tests; a page never needs to). */
  stop(): void;
}

let current: Inspection | null = null;

/** The inspection started by this page, or null (not asked for, or not allowed by the server). */
export function currentInspection(): Inspection | null {
  return current;
}

export function setCurrentInspection(inspection: Inspection | null): void {
  current = inspection;
}

/** `?inspect` in the address: the product owner asks to watch the machines. */
export function wantsInspection(search: string): boolean {
  return new URLSearchParams(search).has('inspect');
}

/**
 * Asks the server (`allowed`: GET /api/inspection as the signed-in user) and, only when it says yes,
 * loads the inspector (`load`: the dynamic import of start-inspection.ts, written by the caller so this
 * module stays free of it) and starts it. Resolves with the inspection, or null.
 */
export async function startInspectionIfAllowed(
  search: string,
  allowed: () => Promise<boolean>,
  load: () => Promise<{ startInspection: (search: string) => Promise<Inspection> }>,
): Promise<Inspection | null> {
  if (!wantsInspection(search)) return null;
  const yes = await allowed().catch(() => false);
  if (!yes) return null;
  const { startInspection } = await load();
  return startInspection(search);
}
