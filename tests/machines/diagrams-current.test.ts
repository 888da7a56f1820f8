import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDuration, nodeId, stateNodesOf, toMermaid } from '@machines/diagram/mermaid-diagram';
import { machineRegistry } from '@machines/registry';
import { describe, expect, it } from 'vitest';
import { renderMachineDocs } from '../../scripts/machine-docs';

const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/machines');

describe('machine diagrams', () => {
  it.each([...renderMachineDocs()])(
    'docs/machines/%s is current (run `npm run diagrams`)',
    (name, content) => {
      expect(readFileSync(join(docsDir, name), 'utf8')).toBe(content);
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

  it('labels delays with their duration', () => {
    const otp = machineRegistry.find(({ machine }) => machine.id === 'otp')?.machine;
    if (!otp) throw new Error('the otp machine is registered');
    expect(toMermaid(otp)).toContain('after 1 s');
    expect(toMermaid(otp)).toContain('after 2 s');
    expect(formatDuration(30_000)).toBe('30 s');
    expect(formatDuration(600_000)).toBe('10 min');
  });
});
