/**
 * What the server accepts as a drawn signature (issue 23): a PNG data URL of at most 64 KiB and a
 * sane size, or nothing at all; anything else is refused with the reason the page shows.
 */

import {
  SIGNATURE_DRAWING_MAX_BYTES,
  SIGNATURE_DRAWING_MAX_FIELD_LENGTH,
  signatureDrawingBase64,
  signatureDrawingIssue,
} from '@domain/signature-drawing';
import { describe, expect, it } from 'vitest';

/** The first bytes of a PNG: its signature, then an IHDR chunk of the given sides. */
function pngHeader(width: number, height: number, length = 64): Uint8Array {
  const bytes = new Uint8Array(length);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

describe('a drawn signature field', () => {
  it('is no drawing when empty, so the typed name and consent sign alone', () => {
    expect(signatureDrawingBase64('')).toEqual({ ok: true, base64: null });
  });

  it('takes the base64 of a PNG data URL and refuses any other form', () => {
    expect(signatureDrawingBase64('data:image/png;base64,iVBORw0KGgo=')).toEqual({
      ok: true,
      base64: 'iVBORw0KGgo=',
    });
    for (const field of [
      'data:image/svg+xml,<svg/>',
      'data:image/jpeg;base64,/9j/4AAQ',
      'data:image/png;base64,',
      'data:image/png;base64,iVBO RW0K',
      'data:image/png;base64,iVBORw0KGgo',
      'javascript:alert(1)',
    ]) {
      expect(signatureDrawingBase64(field), field).toEqual({ ok: false, error: 'notPng' });
    }
  });

  it('refuses a field longer than the largest PNG it may carry before reading it', () => {
    const field = `data:image/png;base64,${'A'.repeat(SIGNATURE_DRAWING_MAX_FIELD_LENGTH)}`;
    expect(signatureDrawingBase64(field)).toEqual({ ok: false, error: 'tooLarge' });
  });
});

describe('a drawn signature PNG', () => {
  it('is accepted with its signature and a sane IHDR', () => {
    expect(signatureDrawingIssue(pngHeader(600, 200))).toBeNull();
  });

  it('is refused when it is another format or claims no size', () => {
    expect(signatureDrawingIssue(new TextEncoder().encode('GIF89a'.padEnd(64, '\0')))).toBe('notPng');
    expect(signatureDrawingIssue(pngHeader(600, 200).subarray(0, 20))).toBe('notPng');
    expect(signatureDrawingIssue(pngHeader(0, 200))).toBe('notPng');
  });

  it('is refused above 64 KiB or above 2000 pixels a side', () => {
    expect(signatureDrawingIssue(pngHeader(600, 200, SIGNATURE_DRAWING_MAX_BYTES + 1))).toBe('tooLarge');
    expect(signatureDrawingIssue(pngHeader(600, 200, SIGNATURE_DRAWING_MAX_BYTES))).toBeNull();
    expect(signatureDrawingIssue(pngHeader(2001, 200))).toBe('tooLarge');
    expect(signatureDrawingIssue(pngHeader(0x80000000, 200))).toBe('notPng');
  });
});
