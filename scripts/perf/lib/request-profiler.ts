import { AsyncLocalStorage } from 'node:async_hooks';
import {
  constants,
  type EventLoopUtilization,
  monitorEventLoopDelay,
  PerformanceObserver,
  performance,
} from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../../server/db/database';
import { percentile, round } from './stats';

/**
 * Where one request's time goes, measured inside the server the API benchmark runs
 * (scripts/perf/bench-server.ts --profile): every database call and the phases of Fastify's
 * lifecycle, attributed to the request through AsyncLocalStorage, and the event loop's delay while
 * the load runs. Profiling code only: the product's server knows nothing of it.
 *
 * Phases, from Fastify's hooks: `before handler` is onRequest → preHandler (rate limit, the bearer
 * token and its session lookup, body parsing and validation); `handler` is preHandler → the
 * handler's answer (preSerialization, or onSend for a body that needs no serialising); `serialise`
 * is that → onSend; `total` is onRequest → onResponse (the response written).
 *
 * A database call's time: on PGlite the time it holds the database's query lock, which is the time
 * the WebAssembly engine runs it on the server's own thread (waiting for the lock is not counted);
 * on PostgreSQL the round trip (the server's thread is free meanwhile).
 *
 * A window counts the requests answered in it: requests that a load generator gave up on when it
 * stopped are still answered afterwards, and land in the next window (take the profile after a
 * short run of the same request, as profile-api.ts does).
 */
export interface PhaseStats {
  p50: number;
  p99: number;
  mean: number;
}

export interface RequestProfile {
  requests: number;
  total: PhaseStats;
  beforeHandler: PhaseStats;
  handler: PhaseStats;
  serialise: PhaseStats;
  /** Database calls per request (mean), and those made before the handler (auth). */
  queries: number;
  queriesBeforeHandler: number;
  /** Summed database time per request. */
  sql: PhaseStats;
  /** The slowest statements by total time: text (first 120 characters), calls, mean ms. */
  topStatements: { text: string; calls: number; meanMs: number }[];
  /**
   * The server process's CPU time (user + system) over the window per request answered: the cost of
   * a request, which on a shared, loaded machine says more than its latency does.
   */
  cpuMsPerRequest: number;
  /** Event-loop delay over the window (ms): how long a ready callback waited for the thread. */
  eventLoopDelay: { p50: number; p99: number; max: number };
  /** Share of the window the thread was busy (0–1): near 1, requests queue for the thread itself. */
  eventLoopUtilization: number;
  /**
   * New connections over the window: how many, and how long each waited from being accepted to its
   * first request reaching Fastify (ms, p50 / max).
   */
  newConnections: { count: number; firstRequestWait: { p50: number; max: number } };
  /** Garbage collection over the window: pauses, their summed and longest time (ms), major ones. */
  gc: { pauses: number; totalMs: number; maxMs: number; major: number; majorMaxMs: number };
}

interface Trace {
  start: number;
  preHandler?: number;
  answered?: number;
  sent?: number;
  queries: number;
  queriesBeforeHandler: number;
  sqlMs: number;
}

interface Sample {
  total: number;
  beforeHandler: number;
  handler: number;
  serialise: number;
  queries: number;
  queriesBeforeHandler: number;
  sqlMs: number;
}

type AnyFunction = (...args: never[]) => unknown;

export function installRequestProfiler(app: FastifyInstance, database: Database) {
  const storage = new AsyncLocalStorage<Trace>();
  const traces = new WeakMap<FastifyRequest, Trace>();
  let samples: Sample[] = [];
  const statements = new Map<string, { calls: number; ms: number }>();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let cpuSince = process.cpuUsage();
  let utilisationSince: EventLoopUtilization = performance.eventLoopUtilization();
  let pauses: { ms: number; major: boolean }[] = [];
  // A stop-the-world pause delays every request in flight at once: one cause of a p99 tail.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
      pauses.push({ ms: entry.duration, major: kind === constants.NODE_PERFORMANCE_GC_MAJOR });
    }
  }).observe({ entryTypes: ['gc'] });

  const record = (text: unknown, ms: number) => {
    const trace = storage.getStore();
    if (trace) {
      trace.queries += 1;
      trace.sqlMs += ms;
      if (trace.preHandler === undefined) trace.queriesBeforeHandler += 1;
    }
    const key = String(typeof text === 'object' && text && 'text' in text ? text.text : text)
      .replace(/\s+/g, ' ')
      .slice(0, 120);
    const entry = statements.get(key) ?? { calls: 0, ms: 0 };
    entry.calls += 1;
    entry.ms += ms;
    statements.set(key, entry);
  };

  instrumentDriver(database, record);

  const acceptedAt = new WeakMap<object, number>();
  let firstRequestWaits: number[] = [];
  app.server.on('connection', (socket) => acceptedAt.set(socket, performance.now()));

  app.addHook('onRequest', (request, _reply, done) => {
    const trace: Trace = { start: performance.now(), queries: 0, queriesBeforeHandler: 0, sqlMs: 0 };
    const accepted = acceptedAt.get(request.raw.socket);
    if (accepted !== undefined) {
      acceptedAt.delete(request.raw.socket);
      firstRequestWaits.push(trace.start - accepted);
    }
    traces.set(request, trace);
    // Everything after this hook (the route's own hooks, the handler) runs in the trace's context.
    storage.run(trace, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const trace = traces.get(request);
    if (trace) trace.preHandler = performance.now();
    done();
  });
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    const trace = traces.get(request);
    if (trace) trace.answered = performance.now();
    done(null, payload);
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const trace = traces.get(request);
    if (trace) {
      trace.sent = performance.now();
      trace.answered ??= trace.sent;
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const trace = traces.get(request);
    // The profile's own requests are not counted; the hello route (the ceiling) is.
    if (trace && !request.url.startsWith('/api/bench/profile')) {
      const end = performance.now();
      const preHandler = trace.preHandler ?? trace.start;
      const answered = trace.answered ?? end;
      const sent = trace.sent ?? end;
      samples.push({
        total: end - trace.start,
        beforeHandler: preHandler - trace.start,
        handler: answered - preHandler,
        serialise: sent - answered,
        queries: trace.queries,
        queriesBeforeHandler: trace.queriesBeforeHandler,
        sqlMs: trace.sqlMs,
      });
    }
    done();
  });

  /** The profile since the last call, and a fresh window. */
  function take(): RequestProfile {
    const taken = samples;
    samples = [];
    const stats = (values: number[]): PhaseStats => ({
      p50: round(percentile(values, 50), 2),
      p99: round(percentile(values, 99), 2),
      mean: round(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length), 2),
    });
    const mean = (values: number[]) =>
      round(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length), 2);
    const topStatements = [...statements.entries()]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 5)
      .map(([text, { calls, ms }]) => ({ text, calls, meanMs: round(ms / calls, 3) }));
    statements.clear();
    const eventLoopDelay = {
      p50: round(loop.percentile(50) / 1e6, 1),
      p99: round(loop.percentile(99) / 1e6, 1),
      max: round(loop.max / 1e6, 1),
    };
    loop.reset();
    const cpu = process.cpuUsage(cpuSince);
    cpuSince = process.cpuUsage();
    const utilisation = performance.eventLoopUtilization(utilisationSince);
    utilisationSince = performance.eventLoopUtilization();
    const waits = firstRequestWaits;
    firstRequestWaits = [];
    const takenPauses = pauses;
    pauses = [];
    const majors = takenPauses.filter((pause) => pause.major);
    const longest = (list: { ms: number }[]) => round(Math.max(0, ...list.map((pause) => pause.ms)), 1);
    return {
      cpuMsPerRequest: round((cpu.user + cpu.system) / 1000 / Math.max(1, taken.length), 2),
      requests: taken.length,
      total: stats(taken.map((sample) => sample.total)),
      beforeHandler: stats(taken.map((sample) => sample.beforeHandler)),
      handler: stats(taken.map((sample) => sample.handler)),
      serialise: stats(taken.map((sample) => sample.serialise)),
      queries: mean(taken.map((sample) => sample.queries)),
      queriesBeforeHandler: mean(taken.map((sample) => sample.queriesBeforeHandler)),
      sql: stats(taken.map((sample) => sample.sqlMs)),
      topStatements,
      eventLoopDelay,
      eventLoopUtilization: round(utilisation.utilization, 2),
      newConnections: {
        count: waits.length,
        firstRequestWait: { p50: round(percentile(waits, 50), 1), max: round(Math.max(0, ...waits), 1) },
      },
      gc: {
        pauses: takenPauses.length,
        totalMs: round(
          takenPauses.reduce((sum, pause) => sum + pause.ms, 0),
          1,
        ),
        maxMs: longest(takenPauses),
        major: majors.length,
        majorMaxMs: longest(majors),
      },
    };
  }

  return { take };
}

/** Wraps the driver's query entry points so each call reports its text and time. */
function instrumentDriver(database: Database, record: (text: unknown, ms: number) => void): void {
  const client = (database.db as unknown as { $client: Record<string, AnyFunction> }).$client;
  if (database.kind === 'pglite') {
    // Every statement, in or out of a transaction, runs inside _runExclusiveQuery while it holds the
    // query lock; the call that asked for it names it (through its own async context, as requests
    // interleave while they wait for the lock).
    const statement = new AsyncLocalStorage<unknown>();
    const named = (target: Record<string, AnyFunction>) => {
      for (const name of ['query', 'exec'] as const) {
        const original = target[name] as (...args: unknown[]) => Promise<unknown>;
        target[name] = ((...args: unknown[]) =>
          statement.run(args[0], () => original.apply(target, args))) as AnyFunction;
      }
    };
    named(client);
    const transaction = client.transaction as (
      callback: (tx: unknown) => Promise<unknown>,
    ) => Promise<unknown>;
    client.transaction = ((callback: (tx: Record<string, AnyFunction>) => Promise<unknown>) =>
      statement.run('BEGIN … COMMIT', () =>
        transaction.call(client, (tx: unknown) => {
          named(tx as Record<string, AnyFunction>);
          return callback(tx as Record<string, AnyFunction>);
        }),
      )) as AnyFunction;
    const exclusive = client._runExclusiveQuery as (fn: () => Promise<unknown>) => Promise<unknown>;
    client._runExclusiveQuery = ((fn: () => Promise<unknown>) =>
      exclusive.call(client, async () => {
        const text = statement.getStore();
        const started = performance.now();
        try {
          return await fn();
        } finally {
          record(text, performance.now() - started);
        }
      })) as AnyFunction;
    return;
  }
  // node-postgres: the pool for single statements, a checked-out client for transactions. Only
  // promise-style calls are timed: the pool's own query checks out a client and calls its query
  // with a callback, which must neither be counted twice nor lose its callback.
  const timed = (target: Record<string, AnyFunction>) => {
    const original = target.query as (...args: unknown[]) => unknown;
    target.query = ((...args: unknown[]) => {
      if (typeof args.at(-1) === 'function') return original.apply(target, args);
      const started = performance.now();
      return (original.apply(target, args) as Promise<unknown>).finally(() =>
        record(args[0], performance.now() - started),
      );
    }) as AnyFunction;
  };
  timed(client);
  const connect = client.connect as (...args: unknown[]) => unknown;
  client.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect.apply(client, args);
    return (connect.call(client) as Promise<Record<string, AnyFunction> & { __profiled?: boolean }>).then(
      (connection) => {
        if (!connection.__profiled) {
          connection.__profiled = true;
          timed(connection);
        }
        return connection;
      },
    );
  }) as AnyFunction;
}
