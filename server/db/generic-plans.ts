import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

/**
 * Ends the text of a statement whose generic plan is right for every value of its parameters, so
 * that PostgreSQL may plan it once per connection instead of on every run (GenericPlanPool).
 */
export const GENERIC_PLAN_MARK = '/* one plan for every value */';

/**
 * Startup options of the generic plan pool's connections: each named statement is planned once, for
 * no particular values, and that plan is reused.
 */
export const GENERIC_PLAN_OPTIONS = '-c plan_cache_mode=force_generic_plan';

/**
 * A LIMIT written into the text, ending it with GENERIC_PLAN_MARK. A plan made for no particular
 * values cannot see a LIMIT given as a parameter and plans for a tenth of the table; as a literal it
 * plans for the few rows a page asks for. drizzle's dialect writes any SQL it is given as the limit,
 * though its type names only numbers and placeholders.
 */
export function limitWithGenericPlan(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  return sql.raw(`${rows} ${GENERIC_PLAN_MARK}`) as SQL as unknown as number;
}

/**
 * The app's PostgreSQL pool: statements ending with GENERIC_PLAN_MARK run on a second pool whose
 * connections plan each named statement once (GENERIC_PLAN_OPTIONS); everything else, and every
 * transaction (`connect`), runs on this pool's connections, whose options plan every run with its
 * values. PostgreSQL 15 chooses between a generic and a custom plan per connection, not per
 * statement; switching a connection's setting before a statement would cost a round trip, and a
 * transaction rolled back would undo the switch unseen.
 */
export class GenericPlanPool extends pg.Pool {
  readonly generic: pg.Pool | null;

  constructor(config: pg.PoolConfig & { max: number; genericOptions: string }) {
    const { genericOptions, ...custom } = config;
    const share = sharePoolSize(config.max);
    super({ ...custom, max: share.custom });
    this.generic =
      share.generic > 0 ? new pg.Pool({ ...custom, max: share.generic, options: genericOptions }) : null;
    // The owner's listener for an idle connection's error hears both pools' (database.ts).
    this.generic?.on('error', (error, client) => this.emit('error', error, client));
  }

  // pg.Pool's overloads cannot be restated in a subclass; the arguments are passed on as given.
  override query(...args: unknown[]): never {
    if (this.generic && endsWithGenericPlanMark(args[0])) {
      return (this.generic.query as (...rest: unknown[]) => never).apply(this.generic, args);
    }
    return (super.query as (...rest: unknown[]) => never).apply(this, args);
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    const both = Promise.all([super.end(), this.generic?.end()]).then(() => undefined);
    if (!callback) return both;
    both.then(callback, callback);
  }
}

/**
 * How the server's DATABASE_POOL_SIZE connections are shared between the two pools: the setting stays
 * the most the server opens, which is what a database's connection limit is sized by. Transactions and
 * the statements planned with their values keep the larger half; a pool of one plans everything with
 * its values.
 */
export function sharePoolSize(max: number): { custom: number; generic: number } {
  const generic = Math.floor(max / 2);
  return { custom: max - generic, generic };
}

function endsWithGenericPlanMark(config: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && text.endsWith(GENERIC_PLAN_MARK);
}
