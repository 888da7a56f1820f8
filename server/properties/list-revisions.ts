import type { Database } from '../db/database';
import { REVISION_CHANNEL } from '../sharing/share-link-check';

/** Owners kept at most; a full map is cleared (each revision is then read once more). */
const MAX_KEPT = 10_000;

export interface ListRevisions {
  /** The owner's list revision as the database has it now (0 before the owner's first write). */
  of(ownerId: string): Promise<number>;
  /** Stops listening for moves (the app's close). */
  stop(): Promise<void>;
}

/**
 * Where each owner's list stands, asked before every kept page, total and summary.
 *
 * On PGlite a revision read once is kept until the database announces that it moved: migration
 * share-page-revision-notify announces every insert or update of a revision row, which every write
 * to properties, files, links and opens makes through its triggers and a signed engagement makes
 * itself (bumpPropertyListRevision), and PGlite delivers the announcement before the writing query
 * returns. So the request after a write reads the new revision, as it did when every request read
 * it, and a request whose page is kept runs no statement at all on the one thread PGlite shares
 * with the server. On PostgreSQL another server's write would reach this process only some time
 * after its commit, so every request reads the revision there, as before.
 */
export function createListRevisions(
  database: Pick<Database, 'listen'> | undefined,
  /** The revision as the database has it (readPropertyListRevision). */
  read: (ownerId: string) => Promise<number>,
): ListRevisions {
  if (!database?.listen) return { of: read, stop: async () => {} };

  const kept = new Map<string, number>();
  // Moves with every announcement: a read under way when one arrives may have seen the revision
  // before that write, so its answer is used once and not kept.
  let generation = 0;
  // Until the database listens (and for good if it cannot), nothing is kept and every request reads.
  let listening = false;
  const started = database.listen(REVISION_CHANNEL, (ownerId) => {
    generation += 1;
    kept.delete(ownerId);
  });
  const stopping = started.then(
    (stop) => {
      listening = true;
      return stop;
    },
    () => null,
  );

  return {
    async of(ownerId) {
      const known = kept.get(ownerId);
      if (known !== undefined) return known;
      const keepable = listening;
      const startedAt = generation;
      const revision = await read(ownerId);
      if (keepable && listening && generation === startedAt) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(ownerId, revision);
      }
      return revision;
    },
    async stop() {
      listening = false;
      kept.clear();
      const stop = await stopping;
      await stop?.().catch(() => undefined);
    },
  };
}
