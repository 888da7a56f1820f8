import { createHash } from 'node:crypto';
import pg from 'pg';

/** Named statements one connection keeps at most; later new shapes run unnamed, as before. */
export const MAX_NAMED_STATEMENTS_PER_CONNECTION = 500;

/**
 * Startup options for every pooled connection: PostgreSQL plans each execution with its values, as
 * for an unnamed statement. Its automatic choice of a generic plan for a named one picked plans that
 * made the list's first page take seconds (issue 26, docs/decisions.md), so it is never allowed.
 */
export const NAMED_STATEMENT_OPTIONS = '-c plan_cache_mode=force_custom_plan';

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * A node-postgres client that names every statement with parameters by a hash of its text, so each
 * connection parses it once and afterwards sends only its values (Bind and Execute). Planning still
 * happens with each request's values (NAMED_STATEMENT_OPTIONS); what is saved is the parse and
 * rewrite of texts of up to a few kilobytes, the larger part of the database's own time for a list
 * page (docs/benchmarks.md, issue 26). Statements without parameters (BEGIN, COMMIT, migrations'
 * DDL) are left unnamed. The number of names per connection is bounded: the query builder makes one
 * text per shape (filters, sorts, lengths of IN lists), and each kept statement holds memory in the
 * database's backend for as long as the connection lives.
 */
export class NamedStatementsClient extends pg.Client {
  private readonly named = new Set<string>();

  // node-postgres' overloads cannot be restated in a subclass; the arguments are passed on as given.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (isUnnamedWithValues(config, values)) {
      const name = statementName(config.text);
      if (this.named.has(name) || this.named.size < MAX_NAMED_STATEMENTS_PER_CONNECTION) {
        this.named.add(name);
        args[0] = { ...config, name };
      }
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}

function isUnnamedWithValues(config: unknown, values: unknown): config is QueryConfig & { text: string } {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name } = config as QueryConfig;
  if (typeof text !== 'string' || name !== undefined) return false;
  const given = Array.isArray(values) ? values : (config as QueryConfig).values;
  return Array.isArray(given) && given.length > 0;
}

/** Names already computed, by text: hashing a list page's text on every request cost more than the lookup. */
const NAMES = new Map<string, string>();
/** Texts whose names are kept at most; a new shape past them is hashed each time, as before. */
const MAX_KEPT_NAMES = 1_000;

function statementName(text: string): string {
  const kept = NAMES.get(text);
  if (kept !== undefined) return kept;
  const name = `n${createHash('sha1').update(text).digest('base64url')}`;
  if (NAMES.size < MAX_KEPT_NAMES) NAMES.set(text, name);
  return name;
}
