/**
 * Mermaid diagrams to SVG in Debian's Chromium (Mermaid lays out text, so it needs a real browser),
 * byte-identical on every run for the same source (see `seedMathRandom`).
 * Each SVG opens with the SHA-256 of the Mermaid source it was drawn from: the staleness test compares
 * that hash with the current source, so it needs no browser.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { MERMAID_OPTIONS } from '../../diagrams/mermaid-diagram';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

const SOURCE_HASH_PREFIX = '<!-- mermaid-source-sha256: ';
const RANDOM_SEED = 0x6e656368;

/** Runs in the page: replaces Math.random with a seeded generator (mulberry32), so drawings repeat. */
function seedMathRandom(seed: number): void {
  let state = seed >>> 0;
  Math.random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sourceHash(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

/** The hash an SVG written by `renderSvgs` was drawn from, or null for any other file. */
export function sourceHashOf(svg: string): string | null {
  if (!svg.startsWith(SOURCE_HASH_PREFIX)) return null;
  return svg.slice(SOURCE_HASH_PREFIX.length, svg.indexOf(' -->'));
}

/** Diagram name → Mermaid source in; diagram name → SVG (with its source hash) out. */
export async function renderSvgs(sources: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const mermaidScript = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
  const profile = await mkdtemp(join(tmpdir(), 'nechasim-diagrams-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
  try {
    const page = await browser.newPage();
    const svgs = new Map<string, string>();
    for (const [name, source] of sources) {
      // A fresh page per diagram, with Mermaid's randomness seeded: it names some nodes with
      // Math.random and counts ids across renders, so the same source must start from the same page.
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.evaluate(seedMathRandom, RANDOM_SEED);
      await page.addScriptTag({ path: mermaidScript });
      const svg = await page.evaluate(
        async ({ id, text, options }) => {
          const { mermaid } = globalThis as unknown as {
            mermaid: {
              initialize(config: unknown): void;
              render(id: string, text: string): Promise<{ svg: string }>;
            };
          };
          mermaid.initialize(options);
          return (await mermaid.render(id, text)).svg;
        },
        { id: `diagram-${name}`, text: source, options: MERMAID_OPTIONS },
      );
      svgs.set(name, `${SOURCE_HASH_PREFIX}${sourceHash(source)} -->\n${svg}\n`);
    }
    return svgs;
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
}
