import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeIfPixelsChanged } from './screenshot-file';

/** A 40×30 PNG of one colour with a mark at (x, 5), encoded at the given compression level. */
function png(mark: number, compressionLevel: number): Promise<Buffer> {
  const pixels = Buffer.alloc(40 * 30 * 3, 0xee);
  pixels.fill(0x20, (5 * 40 + mark) * 3, (5 * 40 + mark + 1) * 3);
  return sharp(pixels, { raw: { width: 40, height: 30, channels: 3 } })
    .png({ compressionLevel, palette: compressionLevel === 0 })
    .toBuffer();
}

describe('a retaken screenshot', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nechasim-screenshot-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves the committed file untouched when only its encoding differs', async () => {
    const file = join(dir, 'login-he-1280.png');
    const committed = await png(3, 9);
    await writeFile(file, committed);
    const before = await stat(file);
    const retaken = await png(3, 0);
    expect(retaken.equals(committed)).toBe(false);

    await expect(writeIfPixelsChanged(file, retaken)).resolves.toBe('unchanged');

    expect((await readFile(file)).equals(committed)).toBe(true);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
  });

  it('replaces the file when a pixel changed, and writes a new screen', async () => {
    const file = join(dir, 'verify-en-390.png');
    await writeFile(file, await png(3, 9));

    await expect(writeIfPixelsChanged(file, await png(4, 9))).resolves.toBe('written');
    await expect(writeIfPixelsChanged(join(dir, 'new-en-390.png'), await png(4, 9))).resolves.toBe('written');

    const { data } = await sharp(await readFile(file))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const channels = data.length / (40 * 30);
    expect(data[(5 * 40 + 4) * channels]).toBe(0x20);
    expect(data[(5 * 40 + 3) * channels]).toBe(0xee);
  });
});
