import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * What a listener is told of its connection: `true` once its LISTEN is in place (again, after a
 * reconnection), `false` when the connection is lost, from which moment anything may have been
 * announced unheard.
 */
export type ListeningState = (listening: boolean) => void;

/**
 * Announcements (NOTIFY) heard by every server on one database, and a way to wait until they have
 * been. PostgreSQL delivers an announcement to each listening connection some time after the
 * announcing commit, so a write that others must see at once (a revocation) waits for
 * `heardEverywhere` before it answers.
 */
export interface Announcements {
  /**
   * Calls `callback` with each payload on `channel` and answers how to stop; `state` says when
   * announcements are heard (from the first LISTEN on) and when they may have been missed.
   */
  listen(
    channel: string,
    callback: (payload: string) => void,
    state: ListeningState,
  ): Promise<() => Promise<void>>;
  /**
   * Resolves once every server listening on this database has heard every announcement committed
   * before the call (or once `FENCE_TIMEOUT_MS` has passed, which is logged as a fault).
   */
  heardEverywhere(): Promise<void>;
  close(): Promise<void>;
}

/** The listening connections' name in pg_stat_activity: how a fence knows whom to wait for. */
export const LISTENER_APPLICATION_NAME = 'nechasim-announcements';
/** A fence's token, announced after the writes it must follow. */
const FENCE_CHANNEL = 'announcement_fence';
/** Each listening connection's answer to a fence: the token, from that connection's backend. */
const FENCE_HEARD_CHANNEL = 'announcement_fence_heard';
/** How long a fence waits for a listener that does not answer. */
export const FENCE_TIMEOUT_MS = 2_000;
/** The wait before a lost listening connection is opened again. */
const RECONNECT_DELAY_MS = 500;

interface Subscriber {
  channel: string;
  callback: (payload: string) => void;
  state: ListeningState;
}

interface Fence {
  /** The listeners' backends that must answer; null until the fence has asked who they are. */
  awaited: Set<number> | null;
  heard: Set<number>;
  done: () => void;
}

/**
 * One dedicated connection per server, outside the pool (a pooled one could be taken by a
 * transaction, and a connection inside a transaction hears nothing until it ends). Every
 * announcement on a subscribed channel is handed on in commit order; a fence is answered after every
 * announcement committed before it, since PostgreSQL delivers each connection's announcements in
 * the order their transactions committed and this process hands them on in the order they arrive.
 */
export function createPostgresAnnouncements(
  url: string,
  onFault: (message: string, error?: unknown) => void = warn,
): Announcements {
  const subscribers = new Set<Subscriber>();
  const fences = new Map<string, Fence>();
  let client: pg.Client | null = null;
  /** The channels the open connection listens on. */
  let listened = new Set<string>();
  let connecting: Promise<pg.Client> | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const channels = () => new Set([...subscribers].map((subscriber) => subscriber.channel));

  const heard = (on: pg.Client, message: pg.Notification) => {
    if (message.channel === FENCE_CHANNEL) {
      // Every announcement before this one has been handed on: answer, so the fence's owner goes on.
      // On the connection that heard it, which may still be finishing its LISTEN.
      on.query('select pg_notify($1, $2)', [FENCE_HEARD_CHANNEL, message.payload ?? '']).catch(() => {});
      return;
    }
    if (message.channel === FENCE_HEARD_CHANNEL) {
      const fence = fences.get(message.payload ?? '');
      if (!fence) return;
      fence.heard.add(message.processId);
      settleIfHeard(fence);
      return;
    }
    for (const subscriber of subscribers) {
      if (subscriber.channel === message.channel) subscriber.callback(message.payload ?? '');
    }
  };

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    for (const subscriber of subscribers) subscriber.state(false);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer || subscribers.size === 0) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().catch((error: unknown) => {
        onFault('the announcements connection could not be opened again', error);
        scheduleReconnect();
      });
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const fresh = new pg.Client({
        connectionString: url,
        application_name: LISTENER_APPLICATION_NAME,
        // So a connection cut without a word (a half-open socket) is found lost, and its memory dropped.
        keepAlive: true,
      });
      fresh.on('notification', (message) => heard(fresh, message));
      fresh.on('error', () => lost(fresh));
      fresh.on('end', () => lost(fresh));
      try {
        await fresh.connect();
        const asked = channels();
        const statements = [FENCE_CHANNEL, FENCE_HEARD_CHANNEL, ...asked].map(
          (channel) => `LISTEN ${quoted(channel)}`,
        );
        await fresh.query(statements.join('; '));
        listened = asked;
      } catch (error) {
        fresh.removeAllListeners('end');
        await fresh.end().catch(() => {});
        throw error;
      }
      if (closed) {
        await fresh.end().catch(() => {});
        throw new Error('announcements closed');
      }
      client = fresh;
      // A listener that came while this connection was opened is told by its own LISTEN (listen).
      for (const subscriber of subscribers) if (listened.has(subscriber.channel)) subscriber.state(true);
      return fresh;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const settleIfHeard = (fence: Fence) => {
    if (!fence.awaited) return;
    for (const pid of fence.awaited) if (!fence.heard.has(pid)) return;
    fence.done();
  };

  return {
    async listen(channel, callback, state) {
      const subscriber: Subscriber = { channel, callback, state };
      subscribers.add(subscriber);
      try {
        const listening = await connect();
        if (!listened.has(channel)) {
          await listening.query(`LISTEN ${quoted(channel)}`);
          if (client === listening) listened.add(channel);
        }
        if (client === listening) state(true);
      } catch (error) {
        // Not listening yet: the listener is told when a later connection listens for it.
        onFault('the announcements connection could not listen', error);
        scheduleReconnect();
      }
      return async () => {
        subscribers.delete(subscriber);
        if (channels().has(channel)) return;
        listened.delete(channel);
        await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
      };
    },

    async heardEverywhere() {
      const token = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const fence: Fence = { awaited: null, heard: new Set(), done: () => {} };
      const answered = new Promise<void>((resolve) => {
        fence.done = resolve;
      });
      fences.set(token, fence);
      try {
        const listening = await connect();
        // Asked before the fence is announced: a listener that starts after it heard nothing it could
        // have kept, and one that is missing from the answer was not yet listening when it was asked.
        const { rows } = await listening.query<{ pid: number }>(
          'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
          [LISTENER_APPLICATION_NAME],
        );
        fence.awaited = new Set(rows.map((row) => row.pid));
        await listening.query('select pg_notify($1, $2)', [FENCE_CHANNEL, token]);
        settleIfHeard(fence);
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), FENCE_TIMEOUT_MS);
        });
        if ((await Promise.race([answered, late])) === 'late') {
          const silent = [...fence.awaited].filter((pid) => !fence.heard.has(pid));
          onFault(`announcements unanswered by the listening backends ${silent.join(', ')}`);
        }
      } finally {
        clearTimeout(timer);
        fences.delete(token);
      }
    },

    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const open = client ?? (await connecting?.catch(() => null));
      client = null;
      for (const fence of fences.values()) fence.done();
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => {});
      }
    },
  };
}

function quoted(channel: string): string {
  return `"${channel.replaceAll('"', '""')}"`;
}

/** Opened before the app's logger exists, so a fault is a process warning (stderr). */
function warn(message: string, error?: unknown): void {
  const reason = error instanceof Error ? `: ${error.message}` : '';
  process.emitWarning(`${message}${reason}`, 'AnnouncementsWarning');
}
