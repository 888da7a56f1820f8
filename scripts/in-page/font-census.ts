/** What a page draws its text in, and its style and layout timed in the page (scripts/perf/font-lab.ts). */

/** How many elements with text of their own are drawn in each weight, and how many of them in the first screen. */
export function weightsInUse(): Record<string, { firstScreen: number; all: number }> {
  const counts: Record<string, { firstScreen: number; all: number }> = {};
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const ownText = Array.from(element.childNodes).some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
    );
    if (!ownText) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const style = getComputedStyle(element);
    const key = `${style.fontWeight} ${style.fontStyle} ${style.fontFamily.split(',')[0]}`;
    const entry = counts[key] ?? { firstScreen: 0, all: 0 };
    entry.all += 1;
    if (box.top < window.innerHeight) entry.firstScreen += 1;
    counts[key] = entry;
  }
  return counts;
}

/** The characters of the page's text and placeholders that neither Heebo's Hebrew nor its Latin file covers. */
export function charactersOutsideHebrewAndLatin(): string[] {
  const found = new Set<string>();
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  for (const element of Array.from(document.querySelectorAll('[placeholder]')))
    texts.push(element.getAttribute('placeholder') ?? '');
  for (const text of texts)
    for (const character of text) {
      const code = character.codePointAt(0) ?? 0;
      const covered = code <= 0xff || (code >= 0x590 && code <= 0x5ff) || (code >= 0x2000 && code <= 0x206f);
      if (!covered) found.add(`U+${code.toString(16).toUpperCase()} ${character}`);
    }
  return [...found];
}

/** The font faces the page has loaded: weight and the start of the unicode range. */
export function loadedFaces(): string[] {
  return Array.from(document.fonts)
    .filter((face) => face.status === 'loaded')
    .map((face) => `${face.weight} ${face.unicodeRange.slice(0, 11)}`);
}

/** Loads the faces of the given weights of Heebo (either family name), for Hebrew and digits. */
export async function loadWeights(weights: number[]): Promise<void> {
  document.body.getBoundingClientRect();
  await Promise.all(
    weights.flatMap((weight) =>
      ['"Heebo Variable"', 'Heebo'].map((family) => document.fonts.load(`${weight} 16px ${family}`, 'אב 12')),
    ),
  );
}

/** Removes the style that held the page in a font it never names, and lays the page out in its own. */
export function releaseFontHold(): void {
  document.getElementById('lab-hold')?.remove();
  document.body.getBoundingClientRect();
}

/** Lays the page out again at a root font size not used before: every text shaped anew. */
export function layoutAtNewRootSize(): void {
  document.documentElement.style.fontSize = '17px';
  document.body.getBoundingClientRect();
}

/**
 * The fastest of `times` restyles and layouts of the whole page, each at a new root font size (every font
 * at a size not shaped before), and each at a new width with the same sizes (shaped words reused).
 */
export async function relayoutTimes(times: number): Promise<{ cold: number; warm: number }> {
  await document.fonts.ready;
  const root = document.documentElement;
  let cold = Number.POSITIVE_INFINITY;
  let warm = Number.POSITIVE_INFINITY;
  for (let index = 1; index <= times; index++) {
    root.style.fontSize = `${16 + index / 64}px`;
    let start = performance.now();
    document.body.getBoundingClientRect();
    cold = Math.min(cold, performance.now() - start);
    root.style.width = `${400 - (index % 2) * 8}px`;
    start = performance.now();
    document.body.getBoundingClientRect();
    warm = Math.min(warm, performance.now() - start);
  }
  return { cold: Math.round(cold * 10) / 10, warm: Math.round(warm * 10) / 10 };
}
