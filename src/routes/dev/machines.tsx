import { createFileRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { loadNamespaces } from '@/i18n/i18n';

/**
 * The machines page exists only in builds that allow inspection (as in main.tsx); elsewhere the address
 * is not found, and the page (with Mermaid) is not even in the bundle. The condition is written out at
 * each use: only `import.meta.env` is replaced at build time, and the router plugin moves `component`
 * into a module of its own, where a shared constant would no longer be known to be false.
 */
export const Route = createFileRoute('/dev/machines')({
  beforeLoad: () => {
    if (!(import.meta.env.DEV || import.meta.env.VITE_STATELY_INSPECTOR === 'true')) throw notFound();
  },
  loader: () => loadNamespaces('dev'),
  component:
    import.meta.env.DEV || import.meta.env.VITE_STATELY_INSPECTOR === 'true'
      ? lazyRouteComponent(() => import('@/dev/machines-page'), 'MachinesPage')
      : () => null,
});
