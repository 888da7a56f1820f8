import type { FastifyReply } from 'fastify';
import { contentDisposition } from './file-name';
import type { FileStore } from './file-store';

/**
 * Nothing in a stored file may load, run or be framed. base-uri and frame-ancestors do not fall back
 * to default-src, so they are named.
 */
export const FILE_CSP =
  "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox";

/** The headers every stored file is sent with, whoever asks for it: its type, and nothing it may run. */
export function storedFileHeaders(reply: FastifyReply, mimeType: string): FastifyReply {
  return reply
    .header('content-type', mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP);
}

/**
 * A document a client downloads from a page (the share page's, the signed client's): saved under
 * the name given, never kept by a shared cache, 404 when the file or its bytes are gone.
 */
export async function sendAttachment(
  reply: FastifyReply,
  store: Pick<FileStore, 'sizeOf' | 'openRead'>,
  file: { storageKey: string; mimeType: string } | undefined,
  fileName: () => string,
): Promise<FastifyReply> {
  const size = file ? await store.sizeOf(file.storageKey) : null;
  if (!file || size === null) return reply.code(404).send();
  return storedFileHeaders(reply, file.mimeType)
    .header('content-length', size)
    .header('content-disposition', contentDisposition('attachment', fileName()))
    .header('cache-control', 'private, no-store')
    .send(store.openRead(file.storageKey));
}
