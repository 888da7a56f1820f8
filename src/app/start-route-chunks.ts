import type { AnyRouter } from '@tanstack/react-router';
import { yieldToBrowser } from './yield-to-browser';

/**
 * Starts loading the lazy parts (code and preloads) of the routes that match the current address,
 * one route per task, without waiting for them; `router.load()` then finds them under way and loads
 * nothing twice. Each lazy part adds a preload link per module it imports, and adding links is not
 * cheap on a phone: together, in one task, they were as long as the loaders' own work. A failure is
 * left for `router.load()` to report, as it would have without this head start.
 */
export async function startRouteChunks(router: AnyRouter): Promise<void> {
  for (const match of router.matchRoutes(router.state.location)) {
    const route = router.routesById[match.routeId];
    if (route) Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
    await yieldToBrowser();
  }
}
