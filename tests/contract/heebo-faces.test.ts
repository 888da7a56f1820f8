import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './mantine-styles-needed';

interface Face {
  file: string;
  weight: string;
  codePoints: Set<number>;
}

function facesOf(path: string): Face[] {
  const css = readFileSync(join(PROJECT_ROOT, path), 'utf8');
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = '']) => ({
    file: /url\(["']?([^"')]+)["']?\)/.exec(body)?.[1]?.split('/').pop() ?? '',
    weight: /font-weight:\s*([^;]+);/.exec(body)?.[1] ?? '',
    codePoints: codePointsOf(/unicode-range:\s*([^;]+);/.exec(body)?.[1] ?? ''),
  }));
}

function codePointsOf(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let point = Number.parseInt(from, 16); point <= Number.parseInt(to, 16); point++) points.add(point);
  }
  return points;
}

const ours = facesOf('src/app/heebo-font.css');
const fontsource = facesOf('node_modules/@fontsource-variable/heebo/index.css');
const MERGED = 'heebo-hebrew-latin-wght.woff2';
const MERGED_FROM = ['heebo-hebrew-wght-normal.woff2', 'heebo-latin-wght-normal.woff2'];

describe("Heebo's faces (src/app/heebo-font.css) against the installed Fontsource package", () => {
  it("declare Fontsource's other files as the package does, each for the same characters", () => {
    const others = fontsource.filter((face) => !MERGED_FROM.includes(face.file));
    expect(ours.filter((face) => face.file !== MERGED)).toEqual(others);
  });

  it('cover with the merged file every character of the Hebrew and Latin files it was made of', () => {
    const merged = ours.find((face) => face.file === MERGED);
    const union = new Set(
      fontsource.filter((face) => MERGED_FROM.includes(face.file)).flatMap((face) => [...face.codePoints]),
    );
    expect(union.size).toBeGreaterThan(0);
    expect(merged?.codePoints).toEqual(union);
    expect(merged?.weight).toBe(fontsource[0]?.weight);
  });

  it('declare the merged face last, so it wins the shekel sign and every other shared character', () => {
    expect(ours.at(-1)?.file).toBe(MERGED);
    expect(ours.at(-1)?.codePoints.has(0x20aa)).toBe(true);
  });
});
