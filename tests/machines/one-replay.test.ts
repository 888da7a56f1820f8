/**
 * Each generated path is replayed once per `npm test`: by tests/machines/path-coverage.test.ts, whose
 * coverage gate fails when a walk's paths were replayed more or fewer times than planned. This test
 * keeps the replay there: a test file that replays a walk on its own (as the wizard's machine test once
 * did, doubling its 400-odd paths) fails here, and its checks belong in its walk's `check` instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const testsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The files allowed to replay a planned walk, and why. */
const REPLAYERS: Record<string, string> = {
  'machines/path-coverage.test.ts': 'the one replay of every model path, with the coverage gate',
  'ui-walks/support/ui-walk.ts': 'each screen path of a UI walk, after the screens took it',
};

function sourceFiles(): string[] {
  return readdirSync(testsDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('node_modules'))
    .map((name) => name.split('\\').join('/'));
}

describe('one replay of each generated path', () => {
  it('replays planned walks only in the path-coverage test and the UI walks', () => {
    const replayers = sourceFiles().filter((name) => {
      // The harness defines the replay and tests it on machines of its own.
      if (name.startsWith('machines/harness/')) return false;
      return /\.replay\(/.test(readFileSync(join(testsDir, name), 'utf8'));
    });
    expect(replayers.sort()).toEqual(Object.keys(REPLAYERS).sort());
  });

  it('finds the test sources it scans', () => {
    expect(sourceFiles()).toContain(
      relative(testsDir, fileURLToPath(import.meta.url))
        .split('\\')
        .join('/'),
    );
  });
});
