import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appSourceFiles,
  listedStyles,
  MANTINE_BASE_STYLES,
  mantineOrder,
  PROJECT_ROOT,
  readSources,
  stylesNeededBy,
} from './mantine-styles-needed';

const lists = [
  { who: 'the app', module: 'src/app/mantine-styles.ts', sources: appSourceFiles },
  {
    who: 'the floor',
    module: 'src/floor/floor-mantine-styles.ts',
    sources: () => [join(PROJECT_ROOT, 'src/floor/floor-app.tsx')],
  },
];

describe.each(lists)('Mantine stylesheets of $who, in $module', ({ module, sources }) => {
  const listed = listedStyles(join(PROJECT_ROOT, module));
  const needed = stylesNeededBy(readSources(sources()));

  it('has the stylesheet of every Mantine component the sources import, and of the components those are built of', () => {
    expect([...needed].filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('names no stylesheet of a component the sources do not draw', () => {
    const wanted = new Set<string>([...MANTINE_BASE_STYLES, ...needed]);
    expect(listed.filter((name) => !wanted.has(name))).toEqual([]);
  });

  it("lists them once each, in Mantine's order, the base stylesheets first", () => {
    expect(listed.slice(0, MANTINE_BASE_STYLES.length)).toEqual([...MANTINE_BASE_STYLES]);
    expect(listed).toEqual(mantineOrder([...new Set(listed)]));
  });
});

describe("Mantine's stylesheets from its other packages", () => {
  it("are their layered files, so that the app's own styles win over them as over @mantine/core's", () => {
    const imported = readSources(appSourceFiles()).flatMap((source) =>
      [...source.matchAll(/import\s+'(@mantine\/[\w-]+\/styles[\w.]*\.css)'/g)].map((match) => match[1]),
    );
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((file) => !file?.endsWith('.layer.css'))).toEqual([]);
  });
});

describe("following Mantine's imports", () => {
  it('finds the stylesheets a component without its own is built of (Select: Input, Combobox, Popover)', () => {
    const needed = stylesNeededBy(["import { Select } from '@mantine/core';"]);
    expect([...needed]).toEqual(expect.arrayContaining(['Input', 'Combobox', 'Popover']));
    expect(needed.has('Select')).toBe(false);
  });
});
