import { afterAll, beforeAll } from 'vitest';

/**
 * What the tests of a file (or of the describe block that calls this) share: made before them and
 * closed after them. The handle reads through to what was made, so tests use it as the thing itself.
 */
export function forTests<T extends { close(): unknown }>(make: () => Promise<T>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(() => made?.close());
  return new Proxy({} as T, {
    get(_target, key) {
      if (!made) throw new Error('it is made before the tests: use it inside a test or a hook');
      const value: unknown = Reflect.get(made, key);
      return typeof value === 'function' ? value.bind(made) : value;
    },
  });
}
