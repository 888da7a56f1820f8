/**
 * Photos are never shown from their full-size original: the signed file URL takes a width (and a
 * format), and the server answers a resized copy made once (server/storage/image-variants.ts).
 */
export const PHOTO_WIDTHS = [320, 640, 1024, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

export function photoVariant(url: string, width: PhotoWidth, format: 'webp' | 'jpeg' = 'webp'): string {
  return `${url}${url.includes('?') ? '&' : '?'}width=${width}&format=${format}`;
}

export function photoSrcSet(url: string, widths: readonly PhotoWidth[], format: 'webp' | 'jpeg'): string {
  return widths.map((width) => `${photoVariant(url, width, format)} ${width}w`).join(', ');
}
