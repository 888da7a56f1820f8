/**
 * `npm run diagrams` must rewrite nothing when no machine changed: Mermaid names some nodes at random
 * and the drawing seeds that randomness, so the same sources give byte-identical SVGs. Drawn twice in
 * Debian's Chromium (a few seconds), since the staleness test only compares source hashes.
 */
import { expect, it } from 'vitest';
import { machineDiagramSources } from '../../scripts/machines/machine-docs';
import { renderSvgs } from '../../scripts/machines/machine-svg';

it('draws every machine byte-identical twice in a row', async () => {
  const sources = machineDiagramSources();
  const first = await renderSvgs(sources);
  const second = await renderSvgs(sources);
  expect([...first.keys()]).toEqual([...sources.keys()]);
  for (const [id, svg] of first) {
    expect(svg, `${id}.svg`).toContain('<svg');
    expect(second.get(id), `${id}.svg drawn again`).toBe(svg);
  }
}, 60_000);
