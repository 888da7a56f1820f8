import { type ComponentType, useState } from 'react';

/**
 * A dialog whose loader is itself imported when it is first asked to open, not with the page that
 * offers it: a static import of a `lazyDialog` puts its loader, and the list of the dialog's chunks the
 * browser preloads with it, into the page's first load. `open(target)` downloads the loader (once; the
 * browser keeps the module) and then shows the dialog for `target`, whatever it opens on (a list's row,
 * or the page's own property).
 */
export function useDialogOnOpen<T, P>(load: () => Promise<ComponentType<P>>) {
  const [shown, setShown] = useState<{ target: T; Dialog: ComponentType<P> } | null>(null);
  return {
    shown,
    open: (target: T) => void load().then((Dialog) => setShown({ target, Dialog })),
    close: () => setShown(null),
  };
}
