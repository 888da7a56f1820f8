/**
 * Chromium's traces of a page loaded on Lighthouse's phone at its CPU slowdown, one new context a load:
 * what hydration-profile and style-layout-trace read, each in its own way. Saved traces can be read again.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../chromium';
import { PHONE, PHONE_SLOWDOWN, recordTrace, signedInPhone, startSignedInServer } from './signed-in-phone';

/** What every tracing script records: the main thread's tasks and events, script runs, the navigation. */
export const TIMELINE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
];

export interface PhoneLoadOptions {
  clientDir: string;
  path: string;
  loads: number;
  /** Properties seeded for the signed-in broker. */
  count: number;
  /** As bench-web.ts loads /login: no session (signed in, /login sends on to the list). */
  signedOut: boolean;
  categories: string[];
  /** How long the trace runs on after the load event. */
  afterLoadMs: number;
  /** Each load's trace is written to `${traceOut}-N.json` as well. */
  traceOut?: string;
}

/** Serves the client over a seeded portfolio and hands each load's trace to `report`. */
export async function tracePhoneLoads<Event>(
  options: PhoneLoadOptions,
  report: (events: Event[], load: number) => void,
): Promise<void> {
  const server = await startSignedInServer(resolve(options.clientDir), options.count);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    for (let load = 1; load <= options.loads; load++) {
      const context = options.signedOut
        ? await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
        : await signedInPhone(browser, server);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_SLOWDOWN });
      const events = await recordTrace<Event>(cdp, options.categories, async () => {
        await page.goto(`${server.base}${options.path}`, { waitUntil: 'load' });
        await page.waitForTimeout(options.afterLoadMs);
      });
      if (options.traceOut) await writeFile(`${options.traceOut}-${load}.json`, JSON.stringify(events));
      report(events, load);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The command-line options the tracing scripts share (strings, as `parseArgs` gives them). */
export interface PhoneTraceArgs {
  'client-dir'?: string;
  path: string;
  loads: string;
  count: string;
  'signed-out': boolean;
  'trace-out'?: string;
  /** Traces saved by an earlier run (`--trace-out`), read again: no server, no browser. */
  'trace-in'?: string[];
}

/** Writes `describe`'s account of each saved trace, or of each new load's, to standard output. */
export async function printPhoneTraces<Event>(
  args: PhoneTraceArgs,
  trace: { categories: string[]; afterLoadMs: number },
  describe: (events: Event[]) => string,
): Promise<void> {
  if (args['trace-in']) {
    for (const file of args['trace-in'])
      process.stdout.write(`\n## ${file}\n${describe(JSON.parse(await readFile(file, 'utf8')) as Event[])}`);
    return;
  }
  if (!args['client-dir']) throw new Error('--client-dir (or --trace-in) is required');
  await tracePhoneLoads<Event>(
    {
      clientDir: args['client-dir'],
      path: args.path,
      loads: Number(args.loads),
      count: Number(args.count),
      signedOut: args['signed-out'],
      traceOut: args['trace-out'],
      ...trace,
    },
    (events, load) => process.stdout.write(`\n## load ${load}\n${describe(events)}`),
  );
}

/** The `parseArgs` options every tracing script takes; `loads` is the script's own default. */
export function phoneTraceOptions(loads: string) {
  return {
    'client-dir': { type: 'string' },
    path: { type: 'string', default: '/properties' },
    loads: { type: 'string', default: loads },
    count: { type: 'string', default: '1000' },
    'trace-out': { type: 'string' },
    'signed-out': { type: 'boolean', default: false },
    'trace-in': { type: 'string', multiple: true },
  } as const;
}

interface PageTraceEvent {
  name: string;
  ts: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

/** The events of the served page's main thread from its navigation on, time-ordered, or why there are none. */
export function pageMainThread<Event extends PageTraceEvent>(
  events: Event[],
): { navigation: Event; main: Event[] } | string {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      String(event.args?.data?.documentLoaderURL).startsWith('http://127.0.0.1'),
  );
  if (!navigation) return 'no navigation found\n';
  const thread = events.find(
    (event) =>
      event.name === 'thread_name' && event.pid === navigation.pid && event.args?.name === 'CrRendererMain',
  );
  if (!thread) return 'no main thread found\n';
  const main = events
    .filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts);
  return { navigation, main };
}
