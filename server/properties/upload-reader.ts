import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  captionMessage,
  captionProblem,
  formatFromSignature,
  formatOfMimeType,
  MEDIA_FORMATS,
  type MediaRule,
  mimeTypesOf,
  normalizeCaption,
  SIGNATURE_BYTES,
} from '@domain/media-rules';
import { MEDIA_GROUPS, type MediaGroup } from '@domain/property-options';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, type ErrorDetail } from '../http/app-error';
import { sanitizeFileName } from '../storage/file-name';
import type { FileStore } from '../storage/file-store';
import { extensionsOf, MAX_FILES_PER_REQUEST, MEDIA_RULES, mediaGroupByMultipartName } from './media-policy';

/** A file that passed every check, waiting in the staging directory. */
export interface StagedFile {
  group: MediaGroup;
  /** The `i` of `files.<Group>[i]`: the order within the group. */
  index: number;
  tempPath: string;
  /** Cleaned, for display and Content-Disposition only. */
  fileName: string;
  /** Sniffed from the content. */
  mimeType: string;
  size: number;
  sha256: string;
  /** A photo's `.Caption` field, normalised; null when none was sent or it was blank. */
  caption: string | null;
}

export interface Upload {
  /** The `property` field's text, when the operation takes one. */
  propertyText: string | undefined;
  /** In MEDIA_GROUPS order, then by index. */
  files: StagedFile[];
}

/** Bytes an upload may carry, over all its files together. */
export interface UploadLimits {
  maxRequestBytes: number;
  quotaBytes: number;
  /** What is left of the owner's quota before this upload. */
  quotaBytesLeft: number;
}

export interface ReadUploadOptions {
  store: FileStore;
  limits: UploadLimits;
  /** createPropertyWithFiles takes a `property` field; addPropertyFiles does not. */
  withProperty: boolean;
  /** Checks the `property` field as soon as it arrives, so a bad one stops the upload early. */
  checkProperty?: (text: string) => void;
}

const FILE_FIELD = /^files\.([A-Za-z]+)\[(\d{1,3})\]\.(File|FileType|Category|Caption)$/;
/** Enough for file-type to recognise every format we accept (it needs 4100 bytes at most). */
const SNIFF_BYTES = 4100;

/**
 * Reads a multipart upload part by part, streaming each file to the staging directory while it
 * counts, hashes and sniffs it, and stops at the first problem. On success the caller owns the
 * staged files (see discardUpload); on failure none is left behind.
 */
export async function readUpload(request: FastifyRequest, options: ReadUploadOptions): Promise<Upload> {
  const staged: StagedFile[] = [];
  /** FileType, Category and Caption fields seen, to check each belongs to a file that was sent. */
  const declared = new Map<string, Declaration>();
  /** Captions by `group[index]`; they may arrive before or after their file. */
  const captions = new Map<string, string | null>();
  let propertyText: string | undefined;
  const budget: Budget = { ...options.limits, received: 0 };
  try {
    for await (const part of request.parts()) {
      if (part.fieldname === 'property') {
        propertyText = readPropertyField(part, options, propertyText);
        continue;
      }
      const match = FILE_FIELD.exec(part.fieldname);
      const group = match ? mediaGroupByMultipartName(match[1] ?? '') : undefined;
      if (!match || !group) throw invalid(part.fieldname, 'unknownField');
      const index = Number(match[2]);
      const key = `${group.key}[${index}]`;
      if (match[3] === 'File') {
        if (part.type !== 'file') throw invalid(part.fieldname, 'mustBeAFile');
        if (staged.some((file) => file.group.key === group.key && file.index === index)) {
          throw invalid(part.fieldname, 'duplicate');
        }
        if (staged.length >= MAX_FILES_PER_REQUEST) throw new AppError(413, 'too_many_files');
        staged.push(await stageFile(part, group, index, options.store, budget).catch(naming(part.filename)));
        continue;
      }
      if (part.type !== 'field') throw invalid(part.fieldname, 'mustBeText');
      if (match[3] === 'Caption') {
        if (group.key !== 'propertyImages') throw invalid(part.fieldname, 'photosOnly');
        if (captions.has(key)) throw invalid(part.fieldname, 'duplicate');
        const text = String(part.value);
        const problem = captionProblem(text);
        if (problem) throw invalid(part.fieldname, captionMessage(problem));
        captions.set(key, normalizeCaption(text));
        declared.set(`${key}.Caption`, { group, index, field: part.fieldname });
        continue;
      }
      const which = match[3] as 'FileType' | 'Category';
      const expected = which === 'FileType' ? group.fileType : group.category;
      if (part.value !== expected) throw invalid(part.fieldname, `mustBe:${expected}`);
      if (declared.has(`${key}.${which}`)) throw invalid(part.fieldname, 'duplicate');
      declared.set(`${key}.${which}`, { group, index, field: part.fieldname });
    }
    checkDeclarations(declared, staged);
    if (options.withProperty && propertyText === undefined) {
      throw new AppError(400, 'validation_failed', {
        details: [{ path: 'property', message: 'is required' }],
      });
    }
    if (!options.withProperty && staged.length === 0) {
      throw new AppError(400, 'validation_failed', { details: [{ path: 'files', message: 'noFiles' }] });
    }
  } catch (error) {
    discardRestOfBody(request);
    await discardUpload(options.store, { files: staged });
    throw multipartError(error);
  }
  const order = (file: StagedFile) => MEDIA_GROUPS.findIndex((group) => group.key === file.group.key);
  staged.sort((a, b) => order(a) - order(b) || a.index - b.index);
  for (const file of staged) file.caption = captions.get(`${file.group.key}[${file.index}]`) ?? null;
  return { propertyText, files: staged };
}

/**
 * Stopping at the first bad part leaves the rest of the body unread, piped into a parser nobody
 * reads from: the client would stall mid-upload and never see the error. Reading on and dropping
 * the bytes lets the error answer arrive and keeps the connection usable.
 */
function discardRestOfBody(request: FastifyRequest): void {
  if (request.raw.readableEnded) return;
  request.raw.unpipe();
  request.raw.resume();
}

/** Removes whatever is still in the staging directory (files moved into place are gone from there already). */
export async function discardUpload(store: FileStore, upload: Pick<Upload, 'files'>): Promise<void> {
  await Promise.all(upload.files.map((file) => store.removeTemp(file.tempPath)));
}

function readPropertyField(
  part: MultipartFile | MultipartValue,
  options: ReadUploadOptions,
  previous: string | undefined,
): string {
  if (!options.withProperty) throw invalid('property', 'unknownField');
  if (part.type !== 'field') throw invalid('property', 'mustBeText');
  if (previous !== undefined) throw invalid('property', 'duplicate');
  if (part.valueTruncated)
    throw new AppError(413, 'payload_too_large', { details: [{ path: 'property', message: 'tooLong' }] });
  // The plugin already parses a field sent as application/json; the checks below want the text.
  const text = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
  options.checkProperty?.(text);
  return text;
}

interface Declaration {
  group: MediaGroup;
  index: number;
  field: string;
}

/** A FileType or Category without its File is a client mistake worth reporting, not ignoring. */
function checkDeclarations(declared: Map<string, Declaration>, staged: StagedFile[]): void {
  const details: ErrorDetail[] = [...declared.values()]
    .filter(
      (entry) => !staged.some((file) => file.group.key === entry.group.key && file.index === entry.index),
    )
    .map((entry) => ({ path: entry.field, message: 'noFile' }));
  if (details.length > 0) throw new AppError(400, 'validation_failed', { details });
}

interface Budget extends UploadLimits {
  /** File bytes of this request so far. */
  received: number;
}

async function stageFile(
  part: MultipartFile,
  group: MediaGroup,
  index: number,
  store: FileStore,
  budget: Budget,
): Promise<StagedFile> {
  const rule = MEDIA_RULES[group.key];
  const extension = checkFileName(part.fieldname, part.filename, rule);
  const tempPath = await store.newTempPath();
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let mimeType: string | undefined;

  const sniff = async () => {
    const type = await fileTypeFromBuffer(Buffer.concat(head));
    const format = type ? formatOfMimeType(type.mime) : undefined;
    // The browser refuses by the shared signatures before uploading; a file they would not pass is
    // refused here too, so the two never disagree about a file.
    const signed = formatFromSignature(Buffer.concat(head).subarray(0, SIGNATURE_BYTES));
    if (!type || !format || format !== signed || !mimeTypesOf(rule).includes(type.mime)) {
      throw new AppError(415, 'unsupported_file_type', {
        details: [{ path: part.fieldname, message: type ? `detected:${type.mime}` : 'unrecognized' }],
      });
    }
    // A PNG named plan.pdf would be offered to the recipient's PDF viewer; the name must tell the truth.
    if (!(MEDIA_FORMATS[format].extensions as readonly string[]).includes(extension)) {
      throw new AppError(415, 'unsupported_file_type', {
        details: [{ path: part.fieldname, message: `extensionMismatch:${type.mime}` }],
      });
    }
    mimeType = type.mime;
    head.length = 0;
  };
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      budget.received += chunk.length;
      if (size > rule.maxBytes) {
        callback(tooLarge(part.fieldname, rule.maxBytes));
        return;
      }
      if (budget.received > budget.maxRequestBytes) {
        callback(
          new AppError(413, 'upload_too_large', {
            details: [{ path: part.fieldname, message: `maxRequestBytes:${budget.maxRequestBytes}` }],
          }),
        );
        return;
      }
      if (budget.received > budget.quotaBytesLeft) {
        callback(
          new AppError(413, 'storage_quota_exceeded', {
            details: [{ path: part.fieldname, message: `quotaBytes:${budget.quotaBytes}` }],
          }),
        );
        return;
      }
      hash.update(chunk);
      if (mimeType !== undefined) {
        callback(null, chunk);
        return;
      }
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < SNIFF_BYTES) {
        callback(null, chunk);
        return;
      }
      sniff().then(() => callback(null, chunk), callback);
    },
    flush(callback) {
      if (mimeType !== undefined) callback();
      else sniff().then(() => callback(), callback);
    },
  });

  const output = createWriteStream(tempPath, { flags: 'wx' });
  try {
    await pipeline(part.file, inspect, output);
    // The multipart plugin's own cap (the largest group limit) truncates instead of failing the stream.
    if (part.file.truncated) throw tooLarge(part.fieldname, rule.maxBytes);
    if (mimeType !== undefined) await checkImagePixels(part.fieldname, tempPath, mimeType);
  } catch (error) {
    // A refused part can fail the pipeline while the write stream is still opening its file; removing
    // before the stream has closed would race the file's creation and leave it behind.
    if (!output.closed) await once(output, 'close').catch(() => undefined);
    await store.removeTemp(tempPath);
    throw error;
  }
  return {
    group,
    index,
    tempPath,
    fileName: sanitizeFileName(part.filename),
    mimeType: mimeType ?? 'application/octet-stream',
    size,
    sha256: hash.digest('base64url'),
    caption: null,
  };
}

/**
 * A 40,000 × 40,000 PNG is 1.5 MB on disk and 6.4 GB once decoded: whoever draws it (a browser,
 * a thumbnailer) runs out of memory. Images whose header promises more pixels than a camera takes
 * are refused. Every image format a group takes is measured.
 */
export const MAX_IMAGE_PIXELS = 120_000_000;
const MEASURED_IMAGES = new Set(['image/png', 'image/jpeg', 'image/webp']);

async function checkImagePixels(field: string, path: string, mimeType: string): Promise<void> {
  if (!MEASURED_IMAGES.has(mimeType)) return;
  const { default: sharp } = await import('sharp');
  // Only the header is read; limitInputPixels off so sharp reports the size rather than refusing.
  const metadata = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  // A header sharp cannot read promises nothing; the sniffed signature already vouched for the type.
  if (!metadata?.width || !metadata.height) return;
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new AppError(413, 'image_too_large', {
      details: [{ path: field, message: `pixels:${metadata.width}x${metadata.height}` }],
    });
  }
}

/** Path separators, and controls or format characters (NUL, bidi overrides), which no browser sends. */
const UNSAFE_NAME = /[/\\\p{Cc}\p{Cf}]/u;

/**
 * A browser sends a file's base name only, so a path, a NUL or a bidi override marks a crafted
 * request (`../../x.jpg`, `x.php\0.jpg`, a right-to-left override that shows `exe.jpg`): refused, not cleaned. The name's last
 * extension must be one the group takes, which refuses `x.jpg.php` before a byte is stored; after
 * sniffing it must also fit the content. Returns the extension, lower-cased.
 */
function checkFileName(field: string, raw: string | undefined, rule: MediaRule): string {
  const name = raw ?? '';
  if (UNSAFE_NAME.test(name) || /^\.*$/.test(name.trim())) {
    throw new AppError(400, 'validation_failed', { details: [{ path: field, message: 'unsafeFileName' }] });
  }
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (!extensionsOf(rule).has(extension)) {
    throw new AppError(415, 'unsupported_file_type', {
      details: [{ path: field, message: `extension:${extension || 'none'}` }],
    });
  }
  return extension;
}

function tooLarge(field: string, maxBytes: number): AppError {
  return new AppError(413, 'file_too_large', { details: [{ path: field, message: `maxBytes:${maxBytes}` }] });
}

/**
 * A refused file's error names it, so the broker knows which of many to replace (the Message reads
 * "plan.png: …"). Errors about the request as a whole are left as they are.
 */
function naming(rawName: string | undefined): (error: unknown) => never {
  return (error) => {
    if (error instanceof AppError && (error.statusCode === 413 || error.statusCode === 415)) {
      throw new AppError(error.statusCode, error.code, {
        details: error.details,
        headers: error.headers,
        cause: error.cause,
        fileName: sanitizeFileName(rawName),
      });
    }
    throw error;
  };
}

function invalid(path: string, message: string): AppError {
  return new AppError(400, 'validation_failed', { details: [{ path, message }] });
}

/** The multipart plugin's limit errors, in this operation's own codes. */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'file_too_large', { cause: error });
  if (code === 'FST_FILES_LIMIT') return new AppError(413, 'too_many_files', { cause: error });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'payload_too_large', { cause: error });
  }
  // The parser's own complaints about a malformed body (no boundary, cut short) carry no code.
  if (code === undefined && error instanceof Error && /multipart|boundary|part header/i.test(error.message)) {
    return new AppError(400, 'bad_request', { cause: error });
  }
  return error;
}
