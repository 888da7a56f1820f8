import { validateFilterItems } from '@domain/filter-item-check';
import { filterItemsFor } from '@domain/property-filters';
import {
  LIST_FILTERS,
  type PropertyListRefinement,
  type PropertyListView,
  type PropertySort,
  parseChoices,
  refinementKeyOf,
} from '@domain/property-list-query';
import { AppError } from '../http/app-error';
import { withoutFileIds } from '../properties/property.service';
import { EXPORT_CONTENT_TYPES } from '../properties/property-export';
import { checkNewPropertyText } from '../properties/property-files.service';
import { ownerOf } from '../properties/request-owner';
import { discardUpload, readUpload } from '../properties/upload-reader';
import { isCreateKeyTaken } from '../repositories/property.repository';
import { defineHandlers } from './types';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The create's Idempotency-Key header as the contract describes it, or null without one. */
function idempotencyKeyOf(headers: Record<string, unknown>): string | null {
  const key = headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key === 'string' && IDEMPOTENCY_KEY.test(key)) return key;
  throw new AppError(400, 'validation_failed', {
    details: [{ path: 'headers/idempotency-key', message: 'pattern' }],
  });
}

/**
 * The list's sort and refinements as the query string gives them (the contract checked each): each
 * filter by its kind, an anyOf's options as a list, a text trimmed, a range's ends by its name.
 */
export function refinementOf(
  query: PropertyListView,
): PropertyListRefinement & { sort?: PropertySort; order?: 'asc' | 'desc' } {
  const asked = query as Record<string, unknown>;
  const refinement: Record<string, unknown> = { sort: query.sort, order: query.order };
  const ranges: Record<string, { min: unknown; max: unknown }> = {};
  for (const entry of LIST_FILTERS) {
    const value = asked[entry.name];
    if (entry.as === 'range') {
      const min = asked[`${entry.name}Min`];
      const max = asked[`${entry.name}Max`];
      if (min !== undefined || max !== undefined) ranges[entry.name] = { min, max };
    } else if (entry.as === 'anyOf') {
      refinement[refinementKeyOf(entry)] = parseChoices<string>(value, entry.values);
    } else if (entry.as === 'exactly') {
      refinement[entry.name] = (typeof value === 'string' && value.trim()) || undefined;
    } else {
      refinement[entry.name] = value;
    }
  }
  return { ...refinement, ranges } as PropertyListRefinement & {
    sort?: PropertySort;
    order?: 'asc' | 'desc';
  };
}

/** Operations tagged `properties` in the contract. Those not here answer 501 not_implemented. */
export const propertiesHandlers = defineHandlers((context) => {
  const { store, properties, files } = context.property;

  return {
    async createProperty(request, reply) {
      const ownerId = ownerOf(request);
      const createKey = idempotencyKeyOf(request.headers);
      if (createKey === null) {
        reply.code(201);
        return { success: true, data: await properties.create(ownerId, request.body) };
      }
      const { property, replayed } = await properties.createOnce(ownerId, request.body, createKey);
      reply.code(replayed ? 200 : 201);
      return { success: true, data: property };
    },

    async createPropertyWithFiles(request, reply) {
      const ownerId = ownerOf(request);
      const createKey = idempotencyKeyOf(request.headers);
      const upload = await readUpload(request, {
        store,
        limits: await files.uploadLimits(ownerId),
        withProperty: true,
        checkProperty: checkNewPropertyText,
      });
      // A repeat of the key: the property it made takes this body and these files (issue 19).
      const replay = async (propertyId: string) => {
        const body = withoutFileIds(checkNewPropertyText(upload.propertyText ?? ''));
        await properties.update(ownerId, propertyId, body);
        reply.code(200);
        return { success: true as const, data: await files.addFiles(ownerId, propertyId, upload) };
      };
      try {
        const made = createKey === null ? null : await properties.madeByCreateKey(ownerId, createKey);
        if (made !== null) return await replay(made);
        try {
          const property = await files.createWithFiles(ownerId, upload, createKey);
          reply.code(201);
          return { success: true as const, data: property };
        } catch (error) {
          const raced = createKey !== null && isCreateKeyTaken(error);
          const winner = raced ? await properties.madeByCreateKey(ownerId, createKey) : null;
          if (winner === null) throw error;
          return await replay(winner);
        }
      } finally {
        await discardUpload(store, upload);
      }
    },

    async listProperties(request) {
      const { page, pageSize, fetchAll, batchSize, search, after } = request.query;
      const data = await properties.list(ownerOf(request), {
        page: page ?? 1,
        // fetchAll: the whole list in one page of up to batchSize (spec 9: 1000).
        pageSize: fetchAll ? (batchSize ?? 1000) : (pageSize ?? 5),
        search,
        after,
        ...refinementOf(request.query),
      });
      return { success: true, data };
    },

    async filterProperties(request) {
      const problems = validateFilterItems(request.body);
      if (problems.length > 0) {
        throw new AppError(400, 'validation_failed', {
          details: problems.map((problem) => ({ path: `body${problem.path}`, message: problem.key })),
        });
      }
      const { page, pageSize, search, after } = request.query;
      const data = await properties.list(ownerOf(request), {
        page: page ?? 1,
        pageSize: pageSize ?? 5,
        search,
        filters: request.body,
        after,
        ...refinementOf(request.query),
      });
      return { success: true, data };
    },

    async exportProperties(request, reply) {
      const { format, lang, filter, search } = request.query;
      const file = properties.exportFile(
        ownerOf(request),
        { search, filters: filterItemsFor(filter ?? 'all'), ...refinementOf(request.query) },
        format,
        lang ?? 'he',
      );
      reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', file.contentDisposition)
        .header('cache-control', 'no-store');
      return reply.send(file.stream);
    },

    async getPropertySummary(request) {
      return { success: true, data: await properties.summary(ownerOf(request)) };
    },

    async getProperty(request) {
      return { success: true, data: await properties.get(ownerOf(request), request.params.id) };
    },

    async updateProperty(request) {
      const data = await properties.update(ownerOf(request), request.params.id, request.body);
      return { success: true, data };
    },

    async softDeleteProperty(request) {
      return { success: true, data: await properties.softDelete(ownerOf(request), request.params.id) };
    },

    async restoreProperty(request) {
      return { success: true, data: await properties.restore(ownerOf(request), request.params.id) };
    },

    async hardDeleteProperty(request) {
      return { success: true, data: await properties.hardDelete(ownerOf(request), request.params.id) };
    },
  };
});
