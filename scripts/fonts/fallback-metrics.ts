/**
 * The `size-adjust` and `ascent-override`/`descent-override` that make a local fallback font take Heebo's
 * room, so that text drawn in the fallback before Heebo arrives keeps its width and its line's baseline
 * when Heebo swaps in (issue 26: the desktop list's layout shift). Measured in Chromium, the browser that
 * lays the page out: every string of the app's Hebrew and English copy is measured in Heebo (the merged
 * file) and in the fallback at each weight the screens use, its Hebrew letters apart from the rest (digits,
 * spaces, signs, Latin), since a fallback's Hebrew and Latin differ from Heebo's by different amounts. Each
 * face's size-adjust is the ratio of the summed widths over the weights it serves; the overrides are Heebo's
 * ascent and descent divided by it. Then the faces as printed are checked the same way: widths summed and
 * line boxes at `line-height: normal`.
 *
 *   npx tsx scripts/fonts/fallback-metrics.ts ["DejaVu Sans" "DejaVu Sans Bold"]
 *
 * The two names are a family's regular and bold faces as local() finds them (full or PostScript name):
 * the regular face serves weights up to 550, the bold face the rest. Each is printed twice, for Heebo's
 * Hebrew letters and for the rest of the merged face's range (read from src/app/heebo-font.css).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { loadFont, measureTextMetrics, type TextMetrics } from '../in-page/text-metrics';
import { appCopyStrings } from './app-copy';

const ROOT = resolve(import.meta.dirname, '../..');
const MERGED = join(ROOT, 'src/app/fonts/heebo-hebrew-latin-wght.woff2');
const HEBREW_LETTERS = /[\u0590-\u05FF\uFB1D-\uFB4F]+/g;
const HEBREW_RANGE = 'U+0590-05FF, U+FB1D-FB4F';
const REGULAR_WEIGHTS = [400, 500];
const BOLD_WEIGHTS = [600, 700, 800];
const [regularName = 'DejaVu Sans', boldName = 'DejaVu Sans Bold'] = process.argv.slice(2);

async function copyStrings(): Promise<string[]> {
  // The list's figures: counts, areas and prices.
  return [...(await appCopyStrings()), '266', '1,250 מ״ר', '₪ 18,500', '12/11/2026', '0501234567'];
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** The merged face's unicode-range without the Hebrew letters: what the Latin fallback faces serve. */
async function latinRange(): Promise<string> {
  const css = await readFile(join(ROOT, 'src/app/heebo-font.css'), 'utf8');
  const merged = [...css.matchAll(/unicode-range:\s*([^;]+);/g)].at(-1)?.[1] ?? '';
  return merged
    .split(',')
    .map((part) => part.trim())
    .filter((part) => !HEBREW_RANGE.split(', ').includes(part))
    .join(', ');
}

const copy = await copyStrings();
const scripts = {
  hebrew: copy.flatMap((text) => text.match(HEBREW_LETTERS) ?? []),
  latin: copy.map((text) => text.replace(HEBREW_LETTERS, '')).filter(Boolean),
};
const ranges = { hebrew: HEBREW_RANGE, latin: await latinRange() };
const heebo = `data:font/woff2;base64,${(await readFile(MERGED)).toString('base64')}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
try {
  const page = await browser.newPage();
  const faces = (extra: string) =>
    `<style>@font-face{font-family:Heebo;font-weight:100 900;font-display:block;src:url(${heebo}) format("woff2")}
    @font-face{font-family:Plain;font-weight:100 550;src:local("${regularName}")}
    @font-face{font-family:Plain;font-weight:551 900;src:local("${boldName}")}${extra}</style>`;
  await page.setContent(`<!doctype html><html><head>${faces('')}</head><body></body></html>`);
  await page.evaluate(loadFont, ['400 100px Heebo', 'אa'] as [string, string]);
  const at = async (family: string, weight: number, strings: string[]) => {
    await page.evaluate(loadFont, [`${weight} 100px ${family}`, 'אa'] as [string, string]);
    return page.evaluate(measureTextMetrics, [family, weight, strings] as [string, number, string[]]);
  };

  const css: string[] = [];
  for (const [face, weights, local, range] of [
    ['regular', REGULAR_WEIGHTS, regularName, '100 550'],
    ['bold', BOLD_WEIGHTS, boldName, '551 900'],
  ] as const) {
    for (const script of ['hebrew', 'latin'] as const) {
      let heeboWidth = 0;
      let plainWidth = 0;
      let heeboMetrics: TextMetrics | undefined;
      for (const weight of weights) {
        const h = await at('Heebo', weight, scripts[script]);
        const p = await at('Plain', weight, scripts[script]);
        heeboWidth += h.width;
        plainWidth += p.width;
        heeboMetrics = h;
        process.stdout.write(
          `${script} ${weight}: Heebo ${h.width.toFixed(0)} px, ascent ${h.ascent}, descent ${h.descent}, line ${h.normalLine}; ` +
            `${local} ${p.width.toFixed(0)} px (${percent(p.width / h.width)}), ascent ${p.ascent}, descent ${p.descent}, line ${p.normalLine}\n`,
        );
      }
      const sizeAdjust = heeboWidth / plainWidth;
      css.push(`/* ${face === 'regular' ? 'Regular' : 'Bold'}, ${script === 'hebrew' ? "Heebo's Hebrew letters" : 'the rest of its Hebrew and Latin face'}. */
@font-face {
  font-family: "Heebo Fallback";
  font-weight: ${range};
  src: local("${local}");
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent((heeboMetrics?.ascent ?? 0) / sizeAdjust)};
  descent-override: ${percent((heeboMetrics?.descent ?? 0) / sizeAdjust)};
  line-gap-override: 0%;
  unicode-range: ${ranges[script]};
}`);
    }
  }
  process.stdout.write(`\n${css.join('\n\n')}\n\nchecked, the faces above against Heebo:\n`);
  await page.setContent(
    `<!doctype html><html><head>${faces(
      css
        .join('')
        .replace(/\/\*[^*]*\*\//g, '')
        .replaceAll('\n', ''),
    )}</head><body></body></html>`,
  );
  await page.evaluate(loadFont, ['400 100px Heebo', 'אa'] as [string, string]);
  for (const weight of [...REGULAR_WEIGHTS, ...BOLD_WEIGHTS]) {
    const cells: string[] = [];
    for (const [name, strings] of [
      ['Hebrew', scripts.hebrew],
      ['the rest', scripts.latin],
      ['whole strings', copy],
    ] as const) {
      const h = await at('Heebo', weight, [...strings]);
      const f = await at('"Heebo Fallback"', weight, [...strings]);
      cells.push(`${name} ${percent(f.width / h.width)}`);
      if (name === 'whole strings')
        cells.push(
          `ascent ${f.ascent} (Heebo ${h.ascent}), descent ${f.descent} (${h.descent}), line ${f.normalLine} (${h.normalLine})`,
        );
    }
    process.stdout.write(`${weight}: width of Heebo's: ${cells.join(', ')}\n`);
  }
} finally {
  await browser.close();
}
