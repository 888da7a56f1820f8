/**
 * `npm run diagrams`: writes docs/machines/<id>.md (a Mermaid stateDiagram-v2 per machine, which code
 * hosts render) and docs/machines/README.md (the index). A test fails when a committed file is stale.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderMachineDocs } from './machine-docs';

const outDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'docs/machines');

await mkdir(outDir, { recursive: true });
for (const [name, content] of renderMachineDocs()) {
  await writeFile(join(outDir, name), content);
  console.log(`docs/machines/${name}`);
}
