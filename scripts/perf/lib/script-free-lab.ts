/**
 * What the labs that load a page's server HTML without its scripts share (font-lab, custom-property-lab):
 * the page's scripts taken out, the built assets served beside it, and the renderer's main thread's CPU
 * per event from a trace.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import type { TraceEventTimes } from './signed-in-phone';

/** The page with no script to run and no module to preload: no hydration, no boot. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/** Answers with a built file, its text rewritten by `rewrite` if given; 404 if it is not there. */
export async function sendBuiltFile(
  response: ServerResponse,
  file: string,
  rewrite?: (text: string) => string,
): Promise<void> {
  try {
    await stat(file);
    const content = await readFile(file);
    const type = { '.css': 'text/css', '.woff2': 'font/woff2', '.svg': 'image/svg+xml' }[extname(file)];
    response.writeHead(200, {
      'content-type': type ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    response.end(rewrite ? rewrite(content.toString('utf8')) : content);
  } catch {
    response.writeHead(404);
    response.end();
  }
}

/** A local server for a lab's pages; `base` is its origin. */
export async function startLab(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<{ base: string; close: () => void }> {
  const lab = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(404);
      response.end();
    });
  });
  await new Promise<void>((listening) => lab.listen(0, '127.0.0.1', listening));
  return { base: `http://127.0.0.1:${(lab.address() as AddressInfo).port}`, close: () => lab.close() };
}

/** The renderer's main thread's complete events of a trace. */
export function rendererMainEvents<Event extends TraceEventTimes>(events: Event[]): Event[] {
  const main = events.find(
    (event) =>
      event.name === 'thread_name' && (event as { args?: { name?: string } }).args?.name === 'CrRendererMain',
  );
  return events.filter((event) => event.ph === 'X' && event.pid === main?.pid && event.tid === main?.tid);
}

/** The CPU milliseconds of every event of a name, summed. */
export function cpuOf(events: TraceEventTimes[], name: string): number {
  return round1(
    events.filter((event) => event.name === name).reduce((total, event) => total + (event.tdur ?? 0), 0) /
      1000,
  );
}

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
