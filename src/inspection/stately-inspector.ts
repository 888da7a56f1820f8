/**
 * Attaches Stately's inspector to every actor of the app (loaded only with `?inspect`, see
 * start-inspection.ts). By default it opens the browser inspector (stately.ai, needs the network);
 * tests pass their own adapter, which is how @statelyai/inspect works offline.
 */
import { createBrowserInspector, createInspector } from '@statelyai/inspect';
import { observeActors } from './actor-inspection';

/** Where inspection events go; the package does not export its adapter type. */
export type InspectorAdapter = Parameters<typeof createInspector>[0];

export function attachStatelyInspector(adapter?: InspectorAdapter): () => void {
  const inspector = adapter ? createInspector(adapter) : createBrowserInspector();
  const stopObserving = observeActors(inspector.inspect);
  return () => {
    stopObserving();
    inspector.stop();
  };
}
