import type { components } from '@openapi/schema';

/** The contract's shapes under the names this feature speaks of. */
export type Property = components['schemas']['Property'];
export type PropertyListItem = components['schemas']['PropertyListItem'];
export type PropertyPage = components['schemas']['PropertyPage'];
export type PropertySummary = components['schemas']['PropertySummary'];
export type PropertyFile = components['schemas']['PropertyFile'];
export type PropertyInput = components['schemas']['PropertyInput'];
