import { createMemoryHistory } from '@tanstack/react-router';
import { beforeAll } from 'vitest';
import { createAppRouter } from '@/app/router';
import type { RouterContext } from '@/app/router-context';

type AppRouter = ReturnType<typeof createAppRouter>;
type RoutePath = AppRouter['routesById'][keyof AppRouter['routesById']]['fullPath'];

/**
 * Loads, before the file's tests, the parts of the app its tests open that the app loads only when
 * first needed: a route's screen (the router plugin's code splitting) or a lazily loaded dialog, list
 * tool or table. In a test, that first import is when vite transforms the part, which on a loaded
 * machine took seconds inside the wait that followed a click, and failed a wait that had nothing to do
 * with the screen. Loaded in a hook (with the hook's time), a test's wait is for what it asserts: the
 * server's answer and a render, within the one timeout of tests/setup/ui.ts. The files of a worker
 * share loaded modules (vitest.config.ts), so a part loads once per worker.
 */
export function warmScreensForFile(parts: { routes?: RoutePath[]; modules?: (() => Promise<unknown>)[] }) {
  beforeAll(async () => {
    const router = createAppRouter({ context: {} as RouterContext, history: createMemoryHistory() });
    await Promise.all([
      ...(parts.routes ?? []).map((path) => {
        const route = Object.values(router.routesById).find((candidate) => candidate.fullPath === path);
        if (!route) throw new Error(`no route at ${path}`);
        return router.loadRouteChunk(route);
      }),
      ...(parts.modules ?? []).map((load) => load()),
    ]);
  });
}
