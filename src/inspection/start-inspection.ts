/**
 * The machine inspector of a page: in development main.tsx starts it before any actor exists; in a
 * production build only when the server switches it on for a signed-in user who asked with `?inspect`
 * (inspection-switch.ts), as a chunk of its own that no first load contains.
 *
 * With the browser online, Stately's hosted inspector is attached (it opens stately.ai); offline, the
 * live machines page (/dev/machines) shows the same flows: diagrams, current states, events.
 */
import { type Inspection, setCurrentInspection } from './inspection-switch';
import type { InspectorAdapter } from './stately-inspector';

export type { Inspection } from './inspection-switch';

/** Stately's inspector runs on stately.ai: asked for with `?inspect`, and only with the network up. */
export function wantsStatelyInspector(search: string, online = navigator.onLine): boolean {
  return new URLSearchParams(search).has('inspect') && online;
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
      setCurrentInspection(null);
    },
  };
  setCurrentInspection(inspection);
  return inspection;
}
