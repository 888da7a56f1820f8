import type { AppResources } from './app-resources';
import { createAuthServices } from './auth/auth-services';
import { createExposureRequestsService } from './exposure/exposure-requests.service';
import { createOrderDocumentService } from './exposure/order-document.service';
import { createPropertyServices } from './properties/property-services';
import { createShareLinksService } from './sharing/share-links.service';
import { createShareOpens } from './sharing/share-opens';
import { createTokenSealer } from './sharing/share-token';

/**
 * Every service of one app, built once by buildApp and handed to all handler factories and hooks:
 * what a service keeps (the list cache, the file store) is then one thing per app.
 */
export function createAppServices(resources: AppResources) {
  const { db, clock, config } = resources;
  // One counter per app: it batches opens and writes them before the broker's links are read.
  const shareOpens = createShareOpens({ db, clock, secret: config.jwtSecret });
  return {
    auth: createAuthServices(resources),
    property: createPropertyServices(resources),
    shareOpens,
    shareLinks: createShareLinksService({
      db,
      clock,
      sealer: createTokenSealer(config.jwtSecret),
      opens: shareOpens,
    }),
    exposureRequests: createExposureRequestsService({
      db,
      clock,
      sms: resources.sms,
      smsCountries: config.smsCountries,
      smsDailyLimit: config.smsDailyLimit,
    }),
    orderDocuments: createOrderDocumentService({ db, clock, secret: config.jwtSecret }),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
