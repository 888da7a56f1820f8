/**
 * React's stream for a server-rendered page (src/entry-server.tsx, and bench:web's floor), read to
 * the end once every Suspense boundary has resolved, and with no boundary "outlined": past
 * `progressiveChunkSize` bytes (about 12 kB by default) React sends a boundary's fallback first and its
 * content after it, with inline scripts to swap them, even when all was ready (the sign-in form did
 * so). The page's Content-Security-Policy (script-src 'self') refuses inline scripts, so the whole
 * page goes in one piece, as the browser's hydration expects it.
 */
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

export function renderWholePage(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}
