import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { writeIfPixelsChanged } from './screenshot-file';
import type { Variant } from './variants';

const OUT_DIR = fileURLToPath(new URL('../../../docs/screenshots/e2e', import.meta.url));

/**
 * The one way screens are photographed for docs/screenshots: the journeys call this at each screen
 * worth seeing, and with E2E_SCREENSHOTS=1 it keeps the result. Off by default, so ordinary runs
 * (and CI) never touch the committed images; on, it writes only the screens whose pixels changed.
 */
export const screenshotsEnabled = process.env.E2E_SCREENSHOTS === '1';

/**
 * docs/screenshots/e2e/<journey>-<screen>-<lang>-<width>.png of the viewport as the user sees it, or
 * with `fullPage` of the whole page (a view page whose sections run past the first screen).
 */
export async function screenshot(
  page: Page,
  variant: Variant,
  journey: string,
  screen: string,
  options: { fullPage?: boolean } = {},
) {
  if (!screenshotsEnabled) return;
  await mkdir(OUT_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200);
  const name = `${journey}-${screen}-${variant.lang}-${variant.viewport.width}.png`;
  const outcome = await writeIfPixelsChanged(
    join(OUT_DIR, name),
    await page.screenshot({ fullPage: options.fullPage ?? false }),
  );
  if (outcome === 'written') process.stderr.write(`screenshot changed: docs/screenshots/e2e/${name}\n`);
}
