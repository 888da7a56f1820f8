import { MEDIA_GROUPS, type MediaGroup } from '@domain/property-options';

// What each group accepts (formats, signatures, names, sizes) is one rule shared with the browser.
export { extensionsOf, MEDIA_RULES, type MediaRule } from '@domain/media-rules';

/** At most this many files in one upload request. */
export const MAX_FILES_PER_REQUEST = 30;
/** At most this many files in a group (the contract's FileIdList maxItems, so an update can name them all). */
export const MAX_FILES_PER_GROUP = 50;

export function mediaGroupByMultipartName(name: string): MediaGroup | undefined {
  return MEDIA_GROUPS.find((group) => group.multipartGroup === name);
}

/** Images and videos are shown in the page; anything else is downloaded, never rendered by the browser. */
export function dispositionFor(mimeType: string): 'inline' | 'attachment' {
  return mimeType.startsWith('image/') || mimeType.startsWith('video/') ? 'inline' : 'attachment';
}
