import { validateFilterItems } from '@domain/property-filters';
import { AppError } from '../http/app-error';
import { checkNewPropertyText } from '../properties/property-files.service';
import { ownerOf } from '../properties/request-owner';
import { discardUpload, readUpload } from '../properties/upload-reader';
import { defineHandlers } from './types';

/** Operations tagged `properties` in the contract. Those not here answer 501 not_implemented. */
export const propertiesHandlers = defineHandlers((context) => {
  const { store, properties, files } = context.property;

  return {
    async createProperty(request, reply) {
      const property = await properties.create(ownerOf(request), request.body);
      reply.code(201);
      return { success: true, data: property };
    },

    async createPropertyWithFiles(request, reply) {
      const ownerId = ownerOf(request);
      const upload = await readUpload(request, {
        store,
        limits: await files.uploadLimits(ownerId),
        withProperty: true,
        checkProperty: checkNewPropertyText,
      });
      try {
        const property = await files.createWithFiles(ownerId, upload);
        reply.code(201);
        return { success: true, data: property };
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
      });
      return { success: true, data };
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
