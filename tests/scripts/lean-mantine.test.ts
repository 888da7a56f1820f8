import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RemoveScroll } from 'react-remove-scroll';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { leanMantine } from '../../scripts/build/vite-plugins';

const mantineFile = (path: string) =>
  fileURLToPath(new URL(`../../node_modules/@mantine/core/esm/components/${path}`, import.meta.url));

type Transform = (
  this: { error: (message: string) => never },
  code: string,
  id: string,
) => { code: string } | null;
const transform = (leanMantine() as Plugin & { transform: Transform }).transform;
const context = {
  error: (message: string): never => {
    throw new Error(message);
  },
};
const build = async (file: string) => transform.call(context, await readFile(file, 'utf8'), file)?.code;

describe("the build's lean Mantine", () => {
  it("leaves ScrollArea out of the table's scroll container, as the installed Mantine writes it", async () => {
    const file = mantineFile('Table/TableScrollContainer.mjs');
    expect(await readFile(file, 'utf8')).toMatch(/ScrollArea\.mjs/);
    expect(await build(file)).not.toMatch(/ScrollArea\.mjs/);
  });

  it.each(['Header', 'Footer', 'Aside'])(
    "leaves the scroll lock out of the app shell's %s, with the class name it read from it",
    async (part) => {
      const file = mantineFile(`AppShell/AppShell${part}/AppShell${part}.mjs`);
      const built = (await build(file)) ?? '';
      expect(built).not.toMatch(/react-remove-scroll/);
      expect(built).toContain(`"${RemoveScroll.classNames.zeroRight}"`);
    },
  );

  it.each(['Navbar', 'Header', 'Footer', 'Aside'])(
    "leaves the resize handle out of the app shell's %s",
    async (part) => {
      const built = (await build(mantineFile(`AppShell/AppShell${part}/AppShell${part}.mjs`))) ?? '';
      expect(built).not.toMatch(/AppShellResizeHandle\.mjs/);
    },
  );

  it("leaves the collapse and the accordion's chevron out of the nav link, drawn only for nested links", async () => {
    const file = mantineFile('NavLink/NavLink.mjs');
    expect(await readFile(file, 'utf8')).toMatch(/Collapse\.mjs[\s\S]*AccordionChevron\.mjs/);
    const built = (await build(file)) ?? '';
    expect(built).not.toMatch(/Collapse\.mjs|AccordionChevron\.mjs/);
    expect(built).toContain('withChildren && /* @__PURE__ */ jsx(Collapse');
  });

  it("leaves the app shell's aside and footer out of the shell, which the layout never draws", async () => {
    const file = mantineFile('AppShell/AppShell.mjs');
    expect(await readFile(file, 'utf8')).toMatch(/AppShellAside\.mjs[\s\S]*AppShellFooter\.mjs/);
    const built = (await build(file)) ?? '';
    expect(built).not.toMatch(/AppShellAside\.mjs|AppShellFooter\.mjs/);
    expect(built).toContain('AppShell.Aside = AppShellAside;');
  });

  it("leaves the aside's and footer's sizes out of the shell's inline styles, which write none without them", async () => {
    const file = mantineFile('AppShell/AppShellMediaStyles/get-variables/get-variables.mjs');
    const built = (await build(file)) ?? '';
    expect(built).not.toMatch(/assign-aside-variables\.mjs|assign-footer-variables\.mjs/);
    type Assign = (options: Record<string, unknown>) => void;
    const installed = async (name: string) =>
      (
        (await import(mantineFile(`AppShell/AppShellMediaStyles/${name}/${name}.mjs`))) as Record<
          string,
          Assign
        >
      )[name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())] as Assign;
    const assignAsideVariables = await installed('assign-aside-variables');
    const assignFooterVariables = await installed('assign-footer-variables');
    for (const mode of ['fixed', 'static']) {
      const styles = { baseStyles: {}, minMediaStyles: {}, maxMediaStyles: {} };
      assignAsideVariables({ ...styles, aside: undefined, theme: {}, mode });
      assignFooterVariables({ ...styles, footer: undefined, mode });
      expect(styles).toEqual({ baseStyles: {}, minMediaStyles: {}, maxMediaStyles: {} });
    }
  });

  it("leaves the table's renderer of a data prop out, the app's tables writing their rows", async () => {
    const file = mantineFile('Table/Table.mjs');
    expect(await readFile(file, 'utf8')).toMatch(/TableDataRenderer\.mjs/);
    const built = (await build(file)) ?? '';
    expect(built).not.toMatch(/TableDataRenderer\.mjs/);
    expect(built).toContain('Table.DataRenderer = TableDataRenderer;');
  });

  it.each(['Button', 'ActionIcon'])(
    'leaves the groups out of the %s, which nothing built draws',
    async (name) => {
      const file = mantineFile(`${name}/${name}.mjs`);
      expect(await readFile(file, 'utf8')).toMatch(
        new RegExp(`${name}Group\\.mjs[\\s\\S]*${name}GroupSection\\.mjs`),
      );
      const built = (await build(file)) ?? '';
      expect(built).not.toMatch(/Group(Section)?\.mjs/);
      expect(built).toContain(`${name}.Group = ${name}Group;`);
    },
  );

  it("leaves the avatar's group, placeholder icon and initials out, outside a group as the installed one is", async () => {
    const file = mantineFile('Avatar/Avatar.mjs');
    const installed = await readFile(file, 'utf8');
    const group = await readFile(mantineFile('Avatar/AvatarGroup/AvatarGroup.mjs'), 'utf8');
    expect(group).toContain('createContext({ withinGroup: false })');
    expect(installed).toMatch(/AvatarGroup\.mjs/);
    const built = (await build(file)) ?? '';
    expect(built).not.toMatch(/AvatarGroup\.mjs|AvatarPlaceholderIcon\.mjs|get-initials/);
    expect(built).toContain('const groupCtx = { withinGroup: false };');
  });

  it("keeps React's id in Mantine's useId, which the installed hook swaps for a random one after hydrating", async () => {
    const file = fileURLToPath(
      new URL('../../node_modules/@mantine/hooks/esm/use-id/use-id.mjs', import.meta.url),
    );
    const installed = await readFile(file, 'utf8');
    expect(installed).toMatch(/useState\(`mantine-\$\{reactId/);
    expect(installed).toMatch(/useIsomorphicEffect\([\s\S]*setUuid\(randomId\(\)\)/);
    const built = (await build(file)) ?? '';
    expect(built).not.toMatch(/setUuid\(|useIsomorphicEffect\(|randomId\(/);
    expect(built.split('\n')).toHaveLength(installed.split('\n').length);
    expect(built).toMatch(/useState\(`mantine-\$\{reactId/);
  });

  it("resolves Mantine's default CSS variables on the first call, not when the module is evaluated", async () => {
    const file = fileURLToPath(
      new URL(
        '../../node_modules/@mantine/core/esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs',
        import.meta.url,
      ),
    );
    const installed = await readFile(file, 'utf8');
    expect(installed).toMatch(/^const defaultCssVariables = defaultCssVariablesResolver\(DEFAULT_THEME\);$/m);
    const built = (await build(file)) ?? '';
    // Nothing at the module's top level resolves the variables any more; the function does, once.
    expect(built).not.toMatch(/^const defaultCssVariables = /m);
    expect(built).toMatch(
      /function removeDefaultVariables\(input\) \{ defaultCssVariables \?\?= defaultCssVariablesResolver\(DEFAULT_THEME\);/,
    );
    expect(built.split('\n')).toHaveLength(installed.split('\n').length);
    // The same answer as the installed module's, for the app's theme.
    const folder = dirname(file);
    const runnable = built
      .replace(
        /from "(\.{1,2}\/[^"]+)"/g,
        (_, path: string) => `from "${pathToFileURL(join(folder, path)).href}"`,
      )
      .replace(/^\/\/# sourceMappingURL=.*$/m, '');
    const work = await mkdtemp(join(tmpdir(), 'lean-mantine-'));
    try {
      const leanFile = join(work, 'remove-default-variables.mjs');
      await writeFile(leanFile, runnable);
      type Remove = (input: { variables: object; light: object; dark: object }) => object;
      const lean = (await import(pathToFileURL(leanFile).href)) as { removeDefaultVariables: Remove };
      const original = (await import(pathToFileURL(file).href)) as { removeDefaultVariables: Remove };
      const input = {
        variables: { '--mantine-scale': '1', '--mantine-radius-default': '2rem' },
        light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
        dark: {},
      };
      expect(lean.removeDefaultVariables(input)).toEqual(original.removeDefaultVariables(input));
      expect(lean.removeDefaultVariables(input)).toEqual({
        variables: { '--mantine-radius-default': '2rem' },
        light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
        dark: {},
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('leaves every other module alone, and fails the build when an import it removes has changed', () => {
    expect(transform.call(context, 'import x from "y";', '/app/src/main.tsx')).toBeNull();
    expect(() => transform.call(context, 'export {}', mantineFile('Table/TableScrollContainer.mjs'))).toThrow(
      /MANTINE_REWRITES/,
    );
  });
});
