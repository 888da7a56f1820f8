import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '@/app/not-found-page';
import type { RouterContext } from '@/app/router-context';
import { useDocumentTitle } from '@/app/use-page-title';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

function RootComponent() {
  useDocumentTitle();
  return <Outlet />;
}
