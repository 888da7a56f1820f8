import { AppError } from '../http/app-error';
import { dispositionFor } from '../properties/media-policy';
import { ownerOf } from '../properties/request-owner';
import { discardUpload, readUpload } from '../properties/upload-reader';
import { parseByteRange } from '../storage/byte-range';
import { contentDisposition } from '../storage/file-name';
import { storedFileHeaders } from '../storage/file-response';
import { defineHandlers } from './types';

/** Operations tagged `files` in the contract. Those not here answer 501 not_implemented. */
export const filesHandlers = defineHandlers((context) => {
  const { store, files, variants } = context.property;

  return {
    async addPropertyFiles(request) {
      const ownerId = ownerOf(request);
      // Not yours or not there: refused before a byte of the upload is stored.
      await files.assertOwnsLiveProperty(ownerId, request.params.id);
      const upload = await readUpload(request, {
        store,
        limits: await files.uploadLimits(ownerId),
        withProperty: false,
      });
      try {
        return { success: true, data: await files.addFiles(ownerId, request.params.id, upload) };
      } finally {
        await discardUpload(store, upload);
      }
    },

    async getStorageUsage(request) {
      return { success: true, data: await files.storageUsage(ownerOf(request)) };
    },

    async deletePropertyFile(request) {
      return { success: true, data: await files.deleteFile(ownerOf(request), request.params.fileId) };
    },

    /**
     * Served with the type sniffed at upload, never the client's, with nosniff and a sandboxing CSP,
     * so no stored file can run script on our origin; documents download instead of rendering.
     */
    async getPropertyFile(request, reply) {
      const { fileId } = request.params;
      const found = await files.findDownload(fileId, request.query.expires, request.query.sig);
      if (!found) throw new AppError(404, 'not_found');
      const { file, size } = found;
      const { width, format } = request.query;
      if (width !== undefined && file.groupKey === 'propertyImages') {
        // A resized photo for the screen; its bytes for this file never change, only the URL's expiry.
        const variant = await variants.variantOf(file, width, format ?? 'webp');
        if (!variant) throw new AppError(404, 'not_found');
        const etag = `"${file.sha256}-${width}-${format ?? 'webp'}"`;
        storedFileHeaders(reply, variant.mimeType)
          .header('cache-control', 'private, max-age=1200, immutable')
          .header('etag', etag);
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
        reply.header('content-length', variant.size);
        return reply.send(store.openRead(variant.storageKey));
      }
      if (store.presignRead) {
        // The bucket serves the bytes (and ranges) itself, with the type, name and caching set here.
        const location = await store.presignRead(file.storageKey, {
          contentType: file.mimeType,
          contentDisposition: contentDisposition(dispositionFor(file.mimeType), file.fileName),
          cacheControl: 'private, max-age=600',
        });
        return reply
          .code(302)
          .header('location', location)
          .header('cache-control', 'private, max-age=600')
          .send();
      }
      const etag = `"${file.sha256}"`;
      storedFileHeaders(reply, file.mimeType)
        .header('content-disposition', contentDisposition(dispositionFor(file.mimeType), file.fileName))
        .header('cache-control', 'private, max-age=600')
        .header('etag', etag)
        .header('accept-ranges', 'bytes');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

      const range = parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      }
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(store.openRead(file.storageKey, range));
      }
      reply.header('content-length', size);
      return reply.send(store.openRead(file.storageKey));
    },
  };
});

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
