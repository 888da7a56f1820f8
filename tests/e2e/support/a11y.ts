import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** IS 5568 follows WCAG 2.x AA: the rules axe tags for levels A and AA of WCAG 2.0 and 2.1. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on what the page shows now (a screen, or a screen with its dialog open) and fails on any
 * serious or critical violation, printing each with the elements it found it on.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Let Mantine's transitions finish: axe reads colours mid-fade as low contrast.
  await page.waitForTimeout(250);
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = blocking
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
  expect(blocking.length, `axe on "${screen}" (${page.url()}):\n${report}`).toBe(0);
}
