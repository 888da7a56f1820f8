import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A dialog whose code (and texts) load the first time it opens, not with the page that offers it:
 * while it is closed nothing is rendered and nothing is loaded.
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    if (!props.opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
