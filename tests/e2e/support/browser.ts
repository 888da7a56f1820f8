import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, type RunnerTestCase, type TestContext } from 'vitest';
import { languageCookie } from '../../../page-contract/languages';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium';
import { uniqueAddress } from './identities';
import { journeyServerUrl } from './journey-server';
import { machineTraces } from './machine-trace';
import type { Variant } from './variants';

export interface Journey {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors; a journey ends by asserting there were none. */
  errors: string[];
}

export interface BrowserHandle {
  /** The browser of this file; valid inside tests (after beforeAll). */
  readonly browser: Browser;
  /**
   * A fresh context (empty storage) in the variant's language and size, as a separate client; closed
   * when the test ends. Concurrent tests pass their own test context, so each closes only its own.
   */
  open(variant: Variant, options?: { clientAddress?: string; test?: TestContext }): Promise<Journey>;
}

const FAILURE_DIR = fileURLToPath(new URL('../../../test-results/e2e', import.meta.url));

/** A failed journey leaves a picture of every page it had open (test-results/ is git-ignored). */
async function closeContexts(contexts: BrowserContext[], task: RunnerTestCase): Promise<void> {
  if (task.result?.state === 'fail') {
    await mkdir(FAILURE_DIR, { recursive: true });
    const slug = task.fullName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 120);
    const pages = contexts.flatMap((context) => context.pages());
    for (const [index, page] of pages.entries()) {
      await page.screenshot({ path: join(FAILURE_DIR, `${slug}-${index}.png`) }).catch(() => undefined);
    }
  }
  await Promise.allSettled(contexts.map((context) => context.close()));
}

/**
 * One Chromium per test file (Playwright gives it a fresh temporary profile), closed after the file.
 * Every page records the machines' steps; a file that passed whole writes them (machine-trace.ts).
 */
export function browserForFile(): BrowserHandle {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const traces = machineTraces();

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', ...CHROMIUM_FLAGS],
    });
  });

  afterEach(({ task }) => closeContexts(contexts.splice(0), task));

  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a hook's fixtures from this pattern; the file comes second.
  afterAll(async ({}, file) => {
    await browser?.close();
    traces.write(file);
  });

  return {
    get browser() {
      if (!browser) throw new Error('browserForFile(): the browser is not launched yet');
      return browser;
    },
    async open(variant, options = {}) {
      if (!browser) throw new Error('browserForFile(): the browser is not launched yet');
      const context = await browser.newContext({
        viewport: variant.viewport,
        deviceScaleFactor: 1,
        isMobile: variant.mobile,
        hasTouch: variant.mobile,
        locale: variant.lang === 'he' ? 'he-IL' : 'en-US',
        timezoneId: 'Asia/Jerusalem',
        extraHTTPHeaders: { 'x-forwarded-for': options.clientAddress ?? uniqueAddress() },
      });
      const { test } = options;
      if (test) test.onTestFinished(() => closeContexts([context], test.task));
      else contexts.push(context);
      context.setDefaultTimeout(15_000);
      await traces.watch(context, test?.task.fullTestName ?? expect.getState().currentTestName ?? '');
      await context.addInitScript((lang) => {
        // The app's own document only: an init script runs in every frame, and a framed tour's
        // storage is its host's (or, offline, an error page's, where reading it throws).
        if (window !== window.top) return;
        // Only on the very first load: a journey that switches language must keep its choice.
        if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', lang);
      }, variant.lang);
      // Where the app keeps the same choice for the server, which renders pages in it.
      await context.addCookies([{ name: languageCookie.name, value: variant.lang, url: journeyServerUrl() }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, context, errors };
    },
  };
}
