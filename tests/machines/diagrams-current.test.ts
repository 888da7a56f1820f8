import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDuration, nodeId, toMermaid } from '@diagrams/mermaid-diagram';
import { stateNodesOf } from '@diagrams/state-nodes';
import { machineRegistry } from '@machines/registry';
import { describe, expect, it } from 'vitest';
import { renderExplorerPage } from '../../scripts/machines/explorer-page';
import { machineDiagramSources, renderMachineDocs } from '../../scripts/machines/machine-docs';
import { sourceHash, sourceHashOf } from '../../scripts/machines/machine-svg';

const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/machines');

describe('machine diagrams', () => {
  it.each([...renderMachineDocs()])(
    'docs/machines/%s is current (run `npm run diagrams`)',
    (name, content) => {
      expect(readFileSync(join(docsDir, name), 'utf8')).toBe(content);
    },
  );

  it('docs/machines/index.html, the offline explorer, is current (run `npm run diagrams`)', () => {
    expect(readFileSync(join(docsDir, 'index.html'), 'utf8')).toBe(renderExplorerPage());
  });

  // The SVG is drawn by Mermaid in Chromium; it records the hash of its source, so no browser is needed here.
  it.each([...machineDiagramSources()])(
    'docs/machines/%s.svg is drawn from the current diagram',
    (id, source) => {
      const svg = readFileSync(join(docsDir, `${id}.svg`), 'utf8');
      expect(sourceHashOf(svg)).toBe(sourceHash(source));
      expect(svg).toContain('<svg');
    },
  );

  it.each(machineRegistry.map(({ machine }) => [machine.id, machine] as const))(
    'draws every state node of %s',
    (_, machine) => {
      const diagram = toMermaid(machine);
      for (const node of stateNodesOf(machine)) {
        expect(diagram).toContain(`state "${node.key}" as ${nodeId(node)}`);
      }
    },
  );

  it('writes an arrow from a child to its own parent outside the parent (Mermaid would nest the parent in itself)', () => {
    const registration = machineRegistry.find(({ machine }) => machine.id === 'registration')?.machine;
    if (!registration) throw new Error('the registration machine is registered');
    const lines = toMermaid(registration).split('\n');
    const arrow = lines.findIndex((line) =>
      line.includes('registration_companyDetails_savingLead --> registration_companyDetails:'),
    );
    const blockStart = lines.indexOf('  state registration_companyDetails {');
    const blockEnd = lines.indexOf('  }', blockStart);
    expect(arrow).toBeGreaterThan(-1);
    expect(lines[arrow]?.startsWith('  registration_')).toBe(true);
    expect(arrow < blockStart || arrow > blockEnd).toBe(true);
  });

  it('labels delays with their duration', () => {
    const otp = machineRegistry.find(({ machine }) => machine.id === 'otp')?.machine;
    if (!otp) throw new Error('the otp machine is registered');
    expect(toMermaid(otp)).toContain('after 1 s');
    expect(toMermaid(otp)).toContain('after 2 s');
    expect(formatDuration(30_000)).toBe('30 s');
    expect(formatDuration(600_000)).toBe('10 min');
  });
});
