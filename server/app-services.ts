import type { AppResources } from './app-resources';
import { createAuthServices } from './auth/auth-services';
import { createPropertyServices } from './properties/property-services';
import { createShareLinksService } from './sharing/share-links.service';
import { createTokenSealer } from './sharing/share-token';

/**
 * Every service of one app, built once by buildApp and handed to all handler factories and hooks:
 * what a service keeps (the list cache, the file store) is then one thing per app.
 */
export function createAppServices(resources: AppResources) {
  return {
    auth: createAuthServices(resources),
    property: createPropertyServices(resources),
    shareLinks: createShareLinksService({
      db: resources.db,
      clock: resources.clock,
      sealer: createTokenSealer(resources.config.jwtSecret),
    }),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
