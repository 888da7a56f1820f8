/** Keyboard-only helpers: Tab to a control, noting every stop on the way. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Variant } from './variants';

export interface FocusStop {
  x: number;
  y: number;
  name: string;
  /** Buttons, links, checkboxes and radios must show a ring; text fields show their border. */
  needsRing: boolean;
  hasRing: boolean;
}

async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { x: 0, y: 0, name: 'body', needsRing: false, hasRing: false };
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const textField =
      (element.tagName === 'INPUT' && !['checkbox', 'radio'].includes((element as HTMLInputElement).type)) ||
      element.tagName === 'TEXTAREA';
    return {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
      name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName,
      needsRing: !textField,
      hasRing:
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none',
    };
  });
}

/**
 * Types into a field once it takes typing. A server-rendered field is read-only until the page's script
 * has taken it over (useHydrated), so keys pressed before then are dropped; a keyboard user waits too.
 */
export async function typeWhenEditable(page: Page, field: Locator, text: string): Promise<void> {
  await expect
    .poll(() => field.isEditable(), { message: 'the field never took typing', timeout: 30_000 })
    .toBe(true);
  await page.keyboard.type(text);
}

/**
 * Presses Tab until the target has focus; every control passed on the way shows where focus is. A
 * keyboard user waits for a disabled target (a submit while the form is being completed) to become
 * enabled before looking for it, since Tab passes a disabled control by; one that stays disabled fails here.
 */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<FocusStop[]> {
  await expect
    .poll(() => target.isEnabled(), { message: 'the target stayed disabled', timeout: 15_000 })
    .toBe(true);
  const stops: FocusStop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    stops.push(stop);
    if (stop.needsRing) expect(stop.hasRing, `focus on "${stop.name}" is not visible`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return stops;
  }
  throw new Error(`Tab did not reach the target within ${max} presses`);
}

/** Along one line, focus moves the way the language reads: right to left in Hebrew. */
export function expectReadingOrder(stops: FocusStop[], variant: Variant): void {
  for (let i = 1; i < stops.length; i++) {
    const [previous, current] = [stops[i - 1], stops[i]];
    if (!previous || !current || Math.abs(previous.y - current.y) > 4 || previous.x === current.x) continue;
    const forward = variant.lang === 'he' ? current.x < previous.x : current.x > previous.x;
    expect(
      forward,
      `Tab from "${previous.name}" to "${current.name}" goes against the reading direction`,
    ).toBe(true);
  }
}

/** Focus is inside the element. */
export async function expectFocusWithin(container: Locator): Promise<void> {
  await expect
    .poll(() => container.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
}

/** Tab and Shift+Tab several times: focus never leaves the dialog. */
export async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    await expect(dialog.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
  }
}
