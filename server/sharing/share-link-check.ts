import type { Database } from '../db/database';
import type { ShareLinkOfToken } from '../repositories/share-links.repository';

/** The channel migration share-page-revision-notify announces each owner's revision move on. */
export const REVISION_CHANNEL = 'property_list_revision';
/** Links kept at most; a full map is cleared (each link is then read once more). */
const MAX_KEPT = 10_000;

export interface ShareLinkCheck {
  /** The link of a token hash with its property's state and owner's revision, as the database has it now. */
  find(tokenHash: string): Promise<ShareLinkOfToken | undefined>;
  stop(): Promise<void>;
}

/**
 * The share page's link check. On PGlite a link read once is kept until its owner's list revision
 * moves: every write that can change what the link shows or whether it is live (a revocation, an
 * expiry change, an edit, a deletion, a file, an open) moves that revision in the database's own
 * triggers, and the trigger's announcement reaches this process before the write returns. So a
 * revocation still takes effect on the next request, and a page that is only being read costs no
 * query at all; expiry is judged on each request from the kept row. Where announcements cannot be
 * promised that soon (PostgreSQL with several processes), every request reads the link, as before.
 */
export async function createShareLinkCheck(
  database: Pick<Database, 'listen'> | undefined,
  read: (tokenHash: string) => Promise<ShareLinkOfToken | undefined>,
): Promise<ShareLinkCheck> {
  if (!database?.listen) return { find: read, stop: async () => {} };

  const kept = new Map<string, ShareLinkOfToken>();
  const hashesOfOwner = new Map<string, Set<string>>();
  // Moves with every announcement: a read that was under way when one arrived may have seen the
  // database before that write, so its answer is used once and not kept.
  let generation = 0;
  const stop = await database.listen(REVISION_CHANNEL, (ownerId) => {
    generation += 1;
    for (const hash of hashesOfOwner.get(ownerId) ?? []) kept.delete(hash);
    hashesOfOwner.delete(ownerId);
  });

  return {
    async find(tokenHash) {
      const known = kept.get(tokenHash);
      if (known) return known;
      const startedAt = generation;
      const link = await read(tokenHash);
      // Unknown tokens are not kept: anyone can ask for any number of them.
      if (!link || generation !== startedAt) return link;
      if (kept.size >= MAX_KEPT) {
        kept.clear();
        hashesOfOwner.clear();
      }
      kept.set(tokenHash, link);
      const hashes = hashesOfOwner.get(link.ownerId) ?? new Set<string>();
      hashes.add(tokenHash);
      hashesOfOwner.set(link.ownerId, hashes);
      return link;
    },
    stop,
  };
}
