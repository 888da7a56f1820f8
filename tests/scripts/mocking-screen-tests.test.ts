import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_SCREEN_TESTS, screenTests } from '../../vitest.config';

/**
 * Screen files share their worker (`isolate: false`), so a module another file has loaded stays loaded
 * and a `vi.mock` of it never runs: such files must be in the isolated `ui-mocked` project. Two did not,
 * passed alone, and failed in the full run.
 */
describe('screen test files that mock a module', () => {
  it('are exactly the ones the isolated project runs', () => {
    const folders = screenTests.include.map((pattern) => pattern.slice(0, pattern.indexOf('/**')));
    const mocking = folders.flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.tsx'))
        .map((file) => join(folder, file))
        .filter((path) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8'))),
    );
    expect(mocking.sort()).toEqual([...MOCKING_SCREEN_TESTS].sort());
  });
});
