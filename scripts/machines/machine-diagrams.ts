/**
 * `npm run diagrams`: writes docs/machines/<id>.md (a Mermaid stateDiagram-v2 per machine, which code
 * hosts render), docs/machines/<id>.svg (drawn by Mermaid in Debian's Chromium) and
 * docs/machines/README.md (the index) and docs/machines/index.html (the offline explorer). A test
 * fails when a committed file is stale.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderExplorerPage } from './explorer-page';
import { machineDiagramSources, renderMachineDocs } from './machine-docs';
import { renderSvgs } from './machine-svg';

const outDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'docs/machines');

await mkdir(outDir, { recursive: true });
for (const [name, content] of renderMachineDocs()) {
  await writeFile(join(outDir, name), content);
  console.log(`docs/machines/${name}`);
}
for (const [id, svg] of await renderSvgs(machineDiagramSources())) {
  await writeFile(join(outDir, `${id}.svg`), svg);
  console.log(`docs/machines/${id}.svg`);
}
// The explorer inlines the SVGs just written.
await writeFile(join(outDir, 'index.html'), renderExplorerPage());
console.log('docs/machines/index.html');
