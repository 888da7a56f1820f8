/** Time as the app sees it; tests pass a controllable one through buildApp's deps. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};
