import { createFileRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { loadNamespaces } from '@/i18n/i18n';
import { currentInspection } from '@/inspection/inspection-switch';

/**
 * The live machines page: in development, and in production while this page inspects (the server's
 * switch is on and the signed-in user asked with `?inspect`); elsewhere the address is not found. The
 * page (with Mermaid) is a lazy chunk, downloaded only when it opens.
 */
export const Route = createFileRoute('/dev/machines')({
  staticData: { renderedInBrowser: true },
  beforeLoad: () => {
    if (!(import.meta.env.DEV || currentInspection() !== null)) throw notFound();
  },
  loader: () => loadNamespaces('dev'),
  component: lazyRouteComponent(() => import('@/dev/machines-page'), 'MachinesPage'),
});
