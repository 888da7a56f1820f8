import type { ShareLink, ShareLinkInput } from '@openapi/schema';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { ShareLinkRow } from '../db/schema';
import { AppError, type ErrorDetail } from '../http/app-error';
import { notFound } from '../properties/property.service';
import { findOwnedProperty } from '../repositories/property.repository';
import { listFilesOfProperties } from '../repositories/property-files.repository';
import {
  insertShareLink,
  listShareLinksOfProperty,
  opensOfLinks,
  revokeOwnedShareLink,
  type ShareLinkOpensRow,
} from '../repositories/share-links.repository';
import type { ShareOpens } from './share-opens';
import { hashShareToken, newShareToken, type TokenSealer } from './share-token';

/** Photos are the page's gallery; every other group is a document the broker may choose to share. */
export const GALLERY_GROUP = 'propertyImages';

export interface ShareLinksServiceDeps {
  db: Db;
  clock: Clock;
  sealer: TokenSealer;
  opens: ShareOpens;
}

export type LinkState = 'active' | 'expired' | 'revoked';

export function linkState(link: Pick<ShareLinkRow, 'revokedAt' | 'expiresAt'>, now: Date): LinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/**
 * The documents a link offers a client: the files it names that are still the property's and are not
 * photos, in the link's order. A file the broker did not put on a link is private. The share page
 * and the exposure request's revealed page (server/exposure) both decide by this.
 */
export function documentsOfLink<File extends { id: string; groupKey: string }>(
  files: readonly File[],
  documentFileIds: readonly string[],
): File[] {
  return documentFileIds.flatMap((fileId) => {
    const file = files.find((candidate) => candidate.id === fileId && candidate.groupKey !== GALLERY_GROUP);
    return file ? [file] : [];
  });
}

/** `origin` is where the request came in (`https://app.example.co.il`): a link names the site it was made on. */
export function shareUrl(origin: string, token: string): string {
  return `${origin}/p/${token}`;
}

const NO_OPENS: ShareLinkOpensRow = { total: 0, devices: 0, firstAt: null, lastAt: null };

/**
 * Links are always handled as their property's owner: another owner's property or link is not
 * found (404), like one that does not exist. Creating or revoking a link changes the property's
 * active publications: triggers on share_links move the owner's list revision, so kept list pages
 * and counts are stale on every server at once (migration share-links-move-list-revisions).
 */
export function createShareLinksService({ db, clock, sealer, opens: counter }: ShareLinksServiceDeps) {
  const toApi = (row: ShareLinkRow, origin: string, opens: ShareLinkOpensRow): ShareLink => {
    const token = sealer.unseal(row.tokenSealed);
    return {
      id: row.id,
      propertyId: row.propertyId,
      url: token ? shareUrl(origin, token) : null,
      label: row.label,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      showExactAddress: row.showExactAddress,
      language: row.language as ShareLink['language'],
      documentFileIds: row.documentFileIds,
      status: linkState(row, clock.now()),
      createdAt: row.createdAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      opens: {
        total: opens.total,
        devices: opens.devices,
        firstAt: opens.firstAt?.toISOString() ?? null,
        lastAt: opens.lastAt?.toISOString() ?? null,
      },
    };
  };

  return {
    async create(
      ownerId: string,
      propertyId: string,
      input: ShareLinkInput,
      origin: string,
    ): Promise<ShareLink> {
      const property = await findOwnedProperty(db, ownerId, propertyId);
      if (!property) throw notFound();
      const now = clock.now();
      const details: ErrorDetail[] = [];
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime()) {
        details.push({ path: 'body/expiresAt', message: 'mustBeInFuture' });
      }
      const documentFileIds = input.documentFileIds ?? [];
      if (documentFileIds.length > 0) {
        const documents = (await listFilesOfProperties(db, [propertyId])).filter(
          (file) => file.groupKey !== GALLERY_GROUP,
        );
        documentFileIds.forEach((fileId, index) => {
          if (!documents.some((file) => file.id === fileId)) {
            details.push({ path: `body/documentFileIds/${index}`, message: 'unknownFile' });
          }
        });
      }
      if (details.length > 0) throw new AppError(400, 'validation_failed', { details });

      const token = newShareToken();
      const label = input.label?.trim() ? input.label.trim() : null;
      const row = await insertShareLink(db, {
        propertyId,
        ownerId,
        tokenHash: hashShareToken(token),
        tokenSealed: sealer.seal(token),
        label,
        expiresAt,
        showExactAddress: input.showExactAddress ?? false,
        language: input.language ?? 'he',
        documentFileIds,
        createdAt: now,
      });
      return toApi(row, origin, NO_OPENS);
    },

    async list(ownerId: string, propertyId: string, origin: string): Promise<ShareLink[]> {
      if (!(await findOwnedProperty(db, ownerId, propertyId))) throw notFound();
      await counter.flush();
      const rows = await listShareLinksOfProperty(db, propertyId);
      const opens = await opensOfLinks(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toApi(row, origin, opens.get(row.id) ?? NO_OPENS));
    },

    async revoke(ownerId: string, linkId: string, origin: string): Promise<ShareLink> {
      const row = await revokeOwnedShareLink(db, ownerId, linkId, clock.now());
      if (!row) throw notFound();
      const opens = await opensOfLinks(db, [row.id]);
      return toApi(row, origin, opens.get(row.id) ?? NO_OPENS);
    },
  };
}

export type ShareLinksService = ReturnType<typeof createShareLinksService>;
