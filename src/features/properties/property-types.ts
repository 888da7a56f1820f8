/** The contract's shapes under the names this feature speaks of. */
export type {
  Property,
  PropertyFile,
  PropertyInput,
  PropertyListItem,
  PropertyPage,
  PropertySummary,
} from '@openapi/schema';
