/**
 * Which of Mantine's per-component stylesheets the app's sources need: every name the sources import
 * from a Mantine package, followed through Mantine's own modules (Select through InputBase, Combobox and
 * Popover; DatePickerInput through @mantine/core's Input and Popover) to each CSS module those modules
 * use. @mantine/core publishes one stylesheet per CSS module (`styles/<Name>.layer.css`), named as the
 * module, and the same stylesheets joined, in their order, as `styles.layer.css`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const mantine = join(root, 'node_modules/@mantine');
const MANTINE_PACKAGES = ['core', 'dates', 'notifications', 'dropzone'] as const;

/** The stylesheets every Mantine page needs whatever it draws: the reset, the theme's variables, the global rules. */
export const MANTINE_BASE_STYLES = ['baseline', 'default-css-variables', 'global'] as const;

/** `import x, { a, b as c } from 'm'`, `export { a } from 'm'`, `import 'm'`: the clause and the module. */
const importClause = /(?:^|[;\s])(?:import|export)\s*(?:([\w$*\s,{}]*?)\s*from\s*)?["']([^"']+)["']/g;

function importsIn(code: string): { clause: string | undefined; spec: string }[] {
  return [...code.matchAll(importClause)].map(([, clause, spec]) => ({ clause, spec: spec ?? '' }));
}

function namesOf(clause: string | undefined): { imported: string; local: string }[] {
  const braces = clause ? /\{([^}]*)\}/.exec(clause)?.[1] : undefined;
  if (!braces) return [];
  return braces
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [imported = '', local = imported] = part.split(/\s+as\s+/);
      return { imported: imported.trim(), local: local.trim() };
    });
}

/** A package's index: which of its modules each exported name comes from. */
function exportsOf(pkg: string): Map<string, string> {
  const index = join(mantine, pkg, 'esm/index.mjs');
  const code = readFileSync(index, 'utf8');
  const fileOfLocal = new Map<string, string>();
  for (const { clause, spec } of importsIn(code)) {
    if (!spec.startsWith('.')) continue;
    for (const { local } of namesOf(clause)) fileOfLocal.set(local, resolve(dirname(index), spec));
  }
  const exported = new Map<string, string>();
  for (const [list] of code.matchAll(/^export\s*\{[^}]*\};?$/gm)) {
    for (const { imported, local } of namesOf(list)) {
      const file = fileOfLocal.get(imported);
      if (file) exported.set(local, file);
    }
  }
  return exported;
}

const packageExports = new Map(MANTINE_PACKAGES.map((pkg) => [`@mantine/${pkg}`, exportsOf(pkg)]));

/** The Mantine modules a file's imports name: a relative file as a whole, a package's names one by one. */
function mantineImportsOf(file: string, code: string): string[] {
  const files: string[] = [];
  for (const { clause, spec } of importsIn(code)) {
    const named = packageExports.get(spec);
    if (named) {
      for (const { imported } of namesOf(clause)) {
        const target = named.get(imported);
        if (target) files.push(target);
      }
    } else if (spec.startsWith('.') && file.startsWith(mantine)) {
      files.push(resolve(dirname(file), spec));
    }
  }
  return files;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The app's source files that import anything from Mantine (the floor's apart: it holds its own list). */
export function appSourceFiles(): string[] {
  return sourceFiles(join(root, 'src')).filter((file) => !file.includes(`${join('src', 'floor')}`));
}

/** The text of source files, for stylesNeededBy. */
export const readSources = (files: string[]): string[] => files.map((file) => readFileSync(file, 'utf8'));

/** The per-component stylesheets (names, no order) that the given sources need, by Mantine's imports. */
export function stylesNeededBy(sources: string[]): Set<string> {
  const needed = new Set<string>();
  const seen = new Set<string>();
  const queue = sources.flatMap((code) => mantineImportsOf('', code));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const cssModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([\w-]+)\.module\.mjs$/.exec(file);
    if (cssModule?.[1]) needed.add(cssModule[1]);
    queue.push(...mantineImportsOf(file, readFileSync(file, 'utf8')));
  }
  return needed;
}

/** The stylesheets a module imports from @mantine/core's per-component folder, in its order. */
export function listedStyles(moduleFile: string): string[] {
  const code = readFileSync(moduleFile, 'utf8');
  return [...code.matchAll(/import\s+'@mantine\/core\/styles\/([\w-]+)\.layer\.css'/g)].map(
    ([, name]) => name ?? '',
  );
}

/** Mantine's own order of its stylesheets: where each one's first rule stands in the joined file. */
export function mantineOrder(names: readonly string[]): string[] {
  const joined = readFileSync(join(mantine, 'core/styles.layer.css'), 'utf8');
  const at = (name: string) => {
    const own = readFileSync(join(mantine, 'core/styles', `${name}.layer.css`), 'utf8');
    const firstLine = own.replace(/^@layer mantine \{/, '').split('\n')[0];
    const position = joined.indexOf(`${firstLine}\n`);
    if (position < 0) throw new Error(`${name}.layer.css's first rule is not in styles.layer.css`);
    return position;
  };
  return [...names].sort((a, b) => at(a) - at(b));
}

export const PROJECT_ROOT = root;
