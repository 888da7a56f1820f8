/**
 * Every state, event and decision of a machine reads in plain words, English and Hebrew: product owners
 * see these texts in the diagrams, the explorer and the inspector, testers in the path reports.
 */

import { isFullyDescribed, transitionsOf } from '@diagrams/machine-descriptions';
import { stateNodesOf } from '@diagrams/state-nodes';
import { machineRegistry } from '@machines/registry';
import { describe, expect, it } from 'vitest';
import { isChoiceOrOutcome } from '../../scripts/machines/machine-docs';
import { inventoryOf } from './harness/machine-inventory';

describe.each(machineRegistry.map((entry) => [entry.machine.id, entry] as const))(
  '%s',
  (_, { machine, events }) => {
    it('describes every state in English and Hebrew', () => {
      const undescribed = stateNodesOf(machine)
        .filter((node) => !isFullyDescribed(node as never))
        .map((node) => node.id);
      expect(undescribed).toEqual([]);
    });

    it('describes every choice and outcome (guards, delays, work finishing or failing)', () => {
      const undescribed = [machine.root, ...stateNodesOf(machine)].flatMap((node) =>
        transitionsOf(node)
          .filter(
            (transition) => isChoiceOrOutcome(node, transition) && !isFullyDescribed(transition as never),
          )
          .map((transition) => `${node.id} ${transition.eventType || '(always)'}`),
      );
      expect(undescribed).toEqual([]);
    });

    it('describes every event its states handle', () => {
      const appEvents = inventoryOf(machine).eventTypes.filter((type) => !type.startsWith('xstate.'));
      expect(appEvents.filter((type) => !events?.[type]?.en || !events[type]?.he)).toEqual([]);
    });
  },
);
