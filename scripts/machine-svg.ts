/**
 * Mermaid diagrams to SVG in Debian's Chromium (Mermaid lays out text, so it needs a real browser).
 * Each SVG opens with the SHA-256 of the Mermaid source it was drawn from: the staleness test compares
 * that hash with the current source, so it needs no browser.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { MERMAID_OPTIONS } from '../machines/diagram/mermaid-diagram';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

const SOURCE_HASH_PREFIX = '<!-- mermaid-source-sha256: ';

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
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: mermaidScript });
    const svgs = await page.evaluate(
      async ({ entries, options }) => {
        const { mermaid } = globalThis as unknown as {
          mermaid: {
            initialize(config: unknown): void;
            render(id: string, text: string): Promise<{ svg: string }>;
          };
        };
        mermaid.initialize(options);
        const out: Array<[string, string]> = [];
        for (const [name, source] of entries) {
          out.push([name, (await mermaid.render(`diagram-${name}`, source)).svg]);
        }
        return out;
      },
      { entries: [...sources], options: MERMAID_OPTIONS },
    );
    return new Map(
      svgs.map(([name, svg]) => [
        name,
        `${SOURCE_HASH_PREFIX}${sourceHash(sources.get(name) ?? '')} -->\n${svg}\n`,
      ]),
    );
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
}
