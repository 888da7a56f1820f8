import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

export type ScreenshotOutcome = 'unchanged' | 'written';

/**
 * Writes a screenshot only when its pixels differ from the committed file's, so a retake leaves every
 * unchanged screen alone (PNG bytes differ between encoders and runs even when the pixels do not,
 * hence the comparison of decoded pixels). A written file is then compressed losslessly with optipng.
 */
export async function writeIfPixelsChanged(file: string, png: Buffer): Promise<ScreenshotOutcome> {
  const existing = await readFile(file).catch(() => undefined);
  if (existing && (await samePixels(existing, png))) return 'unchanged';
  await writeFile(file, png);
  optimise(file);
  return 'written';
}

async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const [left, right] = await Promise.all([decoded(a), decoded(b)]);
  return (
    left.info.width === right.info.width &&
    left.info.height === right.info.height &&
    left.data.equals(right.data)
  );
}

/** RGBA bytes whatever the file's colour type, so a palette PNG and a truecolour one compare by pixels. */
function decoded(png: Buffer) {
  return sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

let optipngMissing = false;

/** optipng -o2 (Debian's `optipng` package); without it the file stays as the browser wrote it. */
function optimise(file: string): void {
  if (optipngMissing) return;
  const result = spawnSync('optipng', ['-o2', '-quiet', file], { stdio: 'inherit' });
  if (result.error) {
    optipngMissing = true;
    process.stderr.write('optipng not found: screenshots are written without lossless compression\n');
  }
}
