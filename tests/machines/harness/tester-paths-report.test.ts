import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { describePath } from './path-steps';
import { exercisedPaths, pathTotals, renderMachinePaths } from './tester-paths-report';
import { planMachineWalk } from './walk-machine';

/** A described door: closed, open; locking needs the right key. */
const door = setup({
  types: {
    events: {} as { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'LOCK'; key: string },
    meta: {} as { he: string },
  },
  guards: { rightKey: ({ event }) => event.type === 'LOCK' && event.key === 'k' },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      description: 'The door is closed.',
      meta: { he: 'הדלת סגורה.' },
      on: {
        OPEN: 'open',
        LOCK: {
          guard: 'rightKey',
          target: 'locked',
          description: 'The key fits: the door locks.',
          meta: { he: 'המפתח מתאים: הדלת ננעלת.' },
        },
      },
    },
    open: { description: 'The door is open.', meta: { he: 'הדלת פתוחה.' }, on: { CLOSE: 'closed' } },
    locked: { type: 'final', description: 'The door is locked.', meta: { he: 'הדלת נעולה.' } },
  },
});
const events = {
  OPEN: { en: 'Someone opens the door.', he: 'מישהו פותח את הדלת.' },
  CLOSE: { en: 'Someone closes the door.', he: 'מישהו סוגר את הדלת.' },
  LOCK: { en: 'Someone turns a key.', he: 'מישהו מסובב מפתח.' },
};
const walk = planMachineWalk({
  machine: door,
  events: { OPEN: [{ type: 'OPEN' }], CLOSE: [{ type: 'CLOSE' }], LOCK: [{ type: 'LOCK', key: 'k' }] },
  contextThatMatters: () => null,
});
const described = walk.paths.map((path) => describePath(door, 'at the door', path, events));

/** The door as the report lists it, with its paths as a test marked them. */
const doorWith = (paths: ReturnType<typeof exercisedPaths>) => ({
  machineId: 'door',
  title: { en: 'Door', he: 'דלת' },
  states: 3,
  transitions: 4,
  paths,
});

describe('paths for testers', () => {
  it('writes each step from the descriptions: the event, the decision taken, where the flow is', () => {
    const locking = described.find((path) => path.steps.some((step) => step.event === 'LOCK'));
    expect(locking?.steps.map((step) => `${step.happens.en} | ${step.now.he}`)).toEqual([
      'Start (at the door). | הדלת סגורה.',
      'Someone turns a key. → The key fits: the door locks. | הדלת נעולה.',
    ]);
    expect(locking?.steps[1]?.states).toEqual(['door.locked']);
  });

  it('gives the same path the same id in every run, and different paths different ids', () => {
    const again = walk.paths.map((path) => describePath(door, 'at the door', path, events).id);
    expect(again).toEqual(described.map((path) => path.id));
    expect(new Set(again).size).toBe(again.length);
    expect(again.every((id) => /^door-[0-9a-f]{8}$/.test(id))).toBe(true);
  });

  it('counts a path as walked through the screens when a UI walk took its steps, or those and more', () => {
    const [first, second] = described;
    if (!first || !second) throw new Error('the door has at least two paths');
    const marked = exercisedPaths(described, new Set([first.id]), [
      {
        machineId: 'door',
        flow: 'door screens',
        file: 'tests/ui-walks/door.test.tsx',
        paths: [{ walk: 'from the hall', signature: [...first.signature, 'CLOSE>"closed"'] }],
      },
      { machineId: 'window', flow: 'other', file: 'x', paths: [{ walk: 'w', signature: second.signature }] },
    ]);
    expect(marked[0]?.ui).toEqual([
      { flow: 'door screens', file: 'tests/ui-walks/door.test.tsx', walk: 'from the hall' },
    ]);
    expect(marked[1]?.ui).toEqual([]);
    const machine = doorWith(marked);
    const totals = pathTotals(machine);
    expect(totals).toMatchObject({ paths: described.length, model: 1, ui: 1 });
    const page = renderMachinePaths(machine);
    expect(page).toContain(`PATH_ID=${first.id} npx vitest run --project ui tests/ui-walks/door.test.tsx`);
  });

  it('counts a path as walked in the browser when a recorded run of the machine began with its steps', () => {
    const [first, second] = described;
    if (!first || !second) throw new Error('the door has at least two paths');
    const marked = exercisedPaths(
      described,
      new Set(described.map((path) => path.id)),
      [],
      [
        {
          journey: 'front-door',
          file: 'tests/e2e/journeys/front-door.e2e.ts',
          traces: [
            // A run that went on past the path counts; a run of another machine does not.
            {
              machineId: 'door',
              test: 'a visitor > comes in',
              signature: [...first.signature, 'OPEN>"open"'],
            },
            { machineId: 'window', test: 'a visitor > looks out', signature: second.signature },
          ],
        },
      ],
    );
    expect(marked[0]?.browser).toEqual([
      { journey: 'front-door', file: 'tests/e2e/journeys/front-door.e2e.ts', test: 'a visitor > comes in' },
    ]);
    // A run that took only some of a path's steps did not walk it.
    const longest = [...described].sort((x, y) => y.signature.length - x.signature.length)[0];
    if (!longest || longest.signature.length < 2) throw new Error('the door has a path of two steps');
    const partial = exercisedPaths(
      described,
      new Set(),
      [],
      [
        {
          journey: 'front-door',
          file: 'f',
          traces: [{ machineId: 'door', test: 't', signature: longest.signature.slice(0, -1) }],
        },
      ],
    );
    expect(partial.find((path) => path.id === longest.id)?.browser).toEqual([]);
    const machine = doorWith(marked);
    expect(pathTotals(machine)).toMatchObject({ model: described.length, ui: 0, browser: 1 });
    const page = renderMachinePaths(machine);
    expect(page).toContain(
      '| states | transitions | paths | replayed on the model | walked through the screens | walked in the browser |',
    );
    expect(page).toContain('walked in the browser (front-door)');
    expect(page).toContain(
      'npx vitest run --config tests/e2e/vitest.e2e.config.ts tests/e2e/journeys/front-door.e2e.ts',
    );
  });
});
