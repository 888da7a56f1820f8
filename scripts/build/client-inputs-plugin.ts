import { existsSync, readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { forgetInputsRecord, writeInputsRecord } from './client-inputs.mjs';

/** Configuration a build reads without importing it: its changes change the build too. */
const CONFIG_FILES = ['package.json', 'package-lock.json', 'index.html'];
/** tsconfig.json and the files it extends or lists (the transform reads compiler options from them). */
const TSCONFIG_FILE = /^tsconfig(\.[\w-]+)?\.json$/;
const IN_PACKAGES = /[\\/]node_modules[\\/]/;
const ENV_FILES = (mode: string) => ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`];

/**
 * Records what the client build read, beside its output (scripts/build/client-inputs.mjs), so
 * `npm start` rebuilds when, and only when, one of those files changes: the modules of the build's
 * own graph wherever they live (src/, domain/, machines/, openapi/, a server/ file a module imports),
 * the modules the Vite config imported (the build's plugins and what they read, server/ included),
 * the public folder, the env files and the project's configuration. Packages are covered by
 * package-lock.json rather than listed one file at a time.
 */
export function clientInputs(): Plugin {
  let config: ResolvedConfig;
  let outDir = '';
  let modules: string[] = [];
  return {
    name: 'nechasim:client-inputs',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
      outDir = resolve(resolved.root, resolved.build.outDir);
    },
    buildStart() {
      forgetInputsRecord(outDir);
    },
    buildEnd(error) {
      modules = error ? [] : [...this.getModuleIds()].flatMap((id) => sourceFile(id) ?? []);
    },
    writeBundle() {
      const root = config.root;
      const sources = [
        ...modules,
        ...config.configFileDependencies.map((file) => resolve(root, file)),
        ...filesUnder(config.publicDir),
      ].filter((file) => !IN_PACKAGES.test(file));
      const envDir = typeof config.envDir === 'string' ? config.envDir : root;
      const files = [
        ...sources,
        ...CONFIG_FILES.map((file) => join(root, file)).filter(existsSync),
        ...readdirSync(root)
          .filter((file) => TSCONFIG_FILE.test(file))
          .map((file) => join(root, file)),
        ...ENV_FILES(config.mode).map((file) => join(envDir, file)),
      ];
      // The folders of the sources, so a file added beside them is seen; not the root, which changes
      // with anything created at the top (dist/ itself, for one).
      const directories = sources.map((file) => dirname(file)).filter((directory) => directory !== root);
      writeInputsRecord(outDir, root, { files, directories });
    },
  };
}

/** The file behind a module id, or undefined for virtual modules (`\0…`, `virtual:…`). */
function sourceFile(id: string): string | undefined {
  const file = id.split('?', 1)[0] ?? '';
  return isAbsolute(file) && existsSync(file) ? file : undefined;
}

function filesUnder(directory: string | false): string[] {
  if (!directory || !existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
