import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { nativeTableScroll } from '../../scripts/build/vite-plugins';

const containerFile = fileURLToPath(
  new URL('../../node_modules/@mantine/core/esm/components/Table/TableScrollContainer.mjs', import.meta.url),
);

type Transform = (this: { error: (message: string) => never }, code: string, id: string) => string | null;
const transform = (nativeTableScroll() as Plugin & { transform: Transform }).transform;
const context = {
  error: (message: string): never => {
    throw new Error(message);
  },
};

describe("the build's table scroll container", () => {
  it("no longer imports Mantine's ScrollArea, as the installed Mantine writes it", async () => {
    const code = await readFile(containerFile, 'utf8');
    expect(code).toMatch(/ScrollArea\.mjs/);
    const built = transform.call(context, code, containerFile);
    expect(built).not.toBeNull();
    expect(built).not.toMatch(/ScrollArea\.mjs/);
  });

  it('leaves every other module alone, and fails the build when the import it removes has changed', () => {
    expect(transform.call(context, 'import x from "y";', '/app/src/main.tsx')).toBeNull();
    expect(() => transform.call(context, 'export {}', containerFile)).toThrow(/nativeTableScroll/);
  });
});
