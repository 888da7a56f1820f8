/** Time as the app sees it; tests pass a controllable one through buildApp's deps. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/**
 * A clock that runs with another (the wall clock) and can be moved forward, never back: what
 * SETTABLE_CLOCK=on gives a development server, so a browser journey moves past the SMS spacing
 * instead of waiting it out. Moving only forward keeps every stored instant in the past.
 */
export interface SettableClock extends Clock {
  /** Moves the clock to `instant` when that is later than now; returns the time after. */
  moveTo(instant: Date): Date;
}

export function createSettableClock(base: Clock = systemClock): SettableClock {
  let aheadMs = 0;
  const now = () => new Date(base.now().getTime() + aheadMs);
  return {
    now,
    moveTo(instant) {
      aheadMs += Math.max(0, instant.getTime() - now().getTime());
      return now();
    },
  };
}
