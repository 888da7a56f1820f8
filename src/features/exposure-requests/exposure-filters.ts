import type { ExposureStatus } from '@openapi/schema';

/**
 * The statuses the list filters by, in the order the filter offers them. Its own module: the route
 * validates `?status=` with it, and importing the page for it would put the page in the first load.
 */
export const EXPOSURE_FILTERS = [
  'sent',
  'opened',
  'verified',
  'signed',
  'declined',
  'expired',
  'revoked',
  'draft',
] as const satisfies readonly ExposureStatus[];
