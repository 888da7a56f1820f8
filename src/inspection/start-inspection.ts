/**
 * What main.tsx starts before any actor exists, in builds that allow inspection (development, or a
 * production build made with VITE_STATELY_INSPECTOR=true). Everything here is imported dynamically
 * behind that build-time condition, so a normal production bundle contains none of it.
 */
import type { LiveActorStore } from './live-actors';
import type { InspectorAdapter } from './stately-inspector';

export interface Inspection {
  /** Running actors for the dev machines page. */
  liveActors: LiveActorStore;
  /** True when the Stately inspector was attached (`?inspect` in the URL). */
  statelyInspector: boolean;
  /** Detaches everything (tests; a page never needs to). */
  stop(): void;
}

let current: Inspection | null = null;

/** The inspection started by this page, or null in builds without it. */
export function currentInspection(): Inspection | null {
  return current;
}

export function wantsStatelyInspector(search: string): boolean {
  return new URLSearchParams(search).has('inspect');
}

export async function startInspection(search: string, adapter?: InspectorAdapter): Promise<Inspection> {
  const { trackLiveActors } = await import('./live-actors');
  const statelyInspector = wantsStatelyInspector(search);
  let detachInspector = () => {};
  if (statelyInspector) {
    const { attachStatelyInspector } = await import('./stately-inspector');
    detachInspector = attachStatelyInspector(adapter);
  }
  const liveActors = trackLiveActors();
  const inspection: Inspection = {
    liveActors,
    statelyInspector,
    stop() {
      detachInspector();
      liveActors.stop();
      if (current === inspection) current = null;
    },
  };
  current = inspection;
  return inspection;
}
