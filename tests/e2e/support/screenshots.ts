import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { Variant } from './variants';

const OUT_DIR = fileURLToPath(new URL('../../../docs/screenshots/e2e', import.meta.url));

/** Written only with E2E_SCREENSHOTS=1, so ordinary runs (and CI) never churn the committed images. */
export const screenshotsEnabled = process.env.E2E_SCREENSHOTS === '1';

/** docs/screenshots/e2e/<journey>-<screen>-<lang>-<width>.png of the viewport as the user sees it. */
export async function screenshot(page: Page, variant: Variant, journey: string, screen: string) {
  if (!screenshotsEnabled) return;
  await mkdir(OUT_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200);
  const file = join(OUT_DIR, `${journey}-${screen}-${variant.lang}-${variant.viewport.width}.png`);
  await page.screenshot({ path: file });
}
