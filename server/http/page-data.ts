import { filterItemsFor, type PropertyListFilter } from '@domain/property-filters';
import type { PropertyListView } from '@domain/property-list-query';
import type { PageDataPort } from '../../page-contract/page-renderer';
import { refinementOf } from '../handlers/properties.handlers';
import type { createPropertyService } from '../properties/property.service';

type PropertyService = Pick<ReturnType<typeof createPropertyService>, 'list' | 'summary'>;

/**
 * What the page renderer reads for a signed-in reader (page-contract/page-renderer.ts's port): the
 * list's first page and its counts, through the same service and with the same rules as the API's
 * handlers (server/handlers/properties.handlers.ts): 'all' lists, any other filter lists by its items,
 * the search and the view (sort and refinements) as the query string would give them. The result goes
 * into the page as JSON, as the API's would.
 */
export function createPageData(properties: PropertyService, ownerId: string): PageDataPort {
  return {
    async propertyListPage({ filter, search, view, pageSize }) {
      const page = await properties.list(ownerId, {
        page: 1,
        pageSize,
        search: search === '' ? undefined : search,
        ...(filter === 'all' ? {} : { filters: filterItemsFor(filter as PropertyListFilter) }),
        ...refinementOf(view as PropertyListView),
      });
      return asJson(page);
    },
    async propertySummary() {
      return asJson(await properties.summary(ownerId));
    },
  };
}

/** As the API's answer would read (dates as ISO strings, no undefined members). */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
