import multipart from '@fastify/multipart';
import { definePlugin } from './define-plugin';

/**
 * The multipart parser for the hand-registered file operations. Limits here are the outer bound;
 * the properties work tightens them per file group when it reads the parts.
 */
export const multipartPlugin = definePlugin('multipart', async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    // Keep the client's file name as sent: a path in it is refused by the upload reader, not
    // silently cut down to its last segment.
    preservePath: true,
    limits: {
      fieldNameSize: 200,
      fieldSize: 256 * 1024,
      fields: 400,
      fileSize: 200 * 1024 * 1024,
      files: 100,
      parts: 500,
      headerPairs: 100,
    },
  });
});
