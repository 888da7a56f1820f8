/**
 * Brokers who registered before the run, for journeys that sign in through the screens. They are
 * written into the database before the server starts, not registered through the API: a phone gets
 * a new code only 30 s after its last one, so a broker registered a moment ago could not sign in yet.
 *
 * Each journey file owns a block of numbers, so no phone is signed in twice within those 30 s.
 */
export const BROKER_BLOCKS = ['sign-in', 'keyboard', 'session'] as const;
export type BrokerBlock = (typeof BROKER_BLOCKS)[number];
export const BROKERS_PER_BLOCK = 16;

function israeli(block: number, n: number) {
  return `+97253${block}${String(n).padStart(6, '0')}`;
}

function french(block: number, n: number) {
  return `+3361${block}${String(n).padStart(6, '0')}`;
}

/** Every seeded phone (E.164). */
export function allBrokerPhones(): string[] {
  return BROKER_BLOCKS.flatMap((_, block) =>
    Array.from({ length: BROKERS_PER_BLOCK }, (_, n) => [israeli(block, n), french(block, n)]).flat(),
  );
}

/** Hands out the block's phones one by one: `next('israeli')`, `next('french')`. */
export function brokerPhones(blockName: BrokerBlock) {
  const block = BROKER_BLOCKS.indexOf(blockName);
  const used = { israeli: 0, french: 0 };
  return {
    next(kind: 'israeli' | 'french' = 'israeli'): string {
      const n = used[kind]++;
      if (n >= BROKERS_PER_BLOCK) throw new Error(`brokers block "${blockName}" has no ${kind} phone left`);
      return kind === 'israeli' ? israeli(block, n) : french(block, n);
    },
  };
}
