import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { startRouteChunks } from '@/app/start-route-chunks';

function routerAt(path: string) {
  const asked: string[] = [];
  const lazyPage = (name: string) =>
    lazyRouteComponent(() => {
      asked.push(name);
      return Promise.resolve({ default: () => <p>{name}</p> });
    });
  const rootRoute = createRootRoute();
  const publicLayout = createRoute({
    getParentRoute: () => rootRoute,
    id: '_public',
    component: lazyPage('layout'),
  });
  const login = createRoute({
    getParentRoute: () => publicLayout,
    path: 'login',
    component: lazyPage('login'),
  });
  const register = createRoute({
    getParentRoute: () => publicLayout,
    path: 'register',
    component: lazyPage('register'),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([publicLayout.addChildren([login, register])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { router, asked };
}

describe('startRouteChunks', () => {
  it("asks for the code of every route the address matches, and no other route's", async () => {
    const { router, asked } = routerAt('/login');
    await startRouteChunks(router);
    expect(asked.sort()).toEqual(['layout', 'login']);
  });

  it('leaves the route load nothing to ask for again', async () => {
    const { router, asked } = routerAt('/login');
    await startRouteChunks(router);
    await router.load();
    expect(asked.sort()).toEqual(['layout', 'login']);
    expect(router.state.status).toBe('idle');
  });

  it('leaves code that fails to load to the route load, which ends as it does without the head start', async () => {
    const statusAfterLoad = async (headStart: boolean) => {
      const rootRoute = createRootRoute();
      const broken = createRoute({
        getParentRoute: () => rootRoute,
        path: 'broken',
        component: lazyRouteComponent(() => Promise.reject(new Error('offline'))),
      });
      const router = createRouter({
        routeTree: rootRoute.addChildren([broken]),
        history: createMemoryHistory({ initialEntries: ['/broken'] }),
      });
      if (headStart) await startRouteChunks(router);
      await router.load();
      return router.state.matches.map((match) => match.status);
    };
    expect(await statusAfterLoad(true)).toEqual(await statusAfterLoad(false));
  });
});
