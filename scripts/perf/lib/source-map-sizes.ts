/**
 * How many bytes of a built chunk each source module produced, read from the chunk's source map:
 * every generated segment's bytes (up to the next segment) go to the source it maps to; bytes with
 * no mapping (the bundler's own glue) go to `(bundler)`. Gzip shares are then estimated by scaling
 * with the chunk's own compression ratio, which is close enough to name the cause of a regression.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((character, index) => [character, index]));

export const UNMAPPED = '(no source map: JSON locales, bundler runtime)';

interface SourceMapJson {
  sources: string[];
  mappings: string;
}

/** Decodes one mappings segment: fields of base64 VLQ integers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = BASE64_VALUE.get(character);
    if (digit === undefined) throw new Error(`invalid source map character "${character}"`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Bytes (UTF-8) of `code` per source path of `map`. Line lengths come from the code itself. */
export function bytesPerSource(code: string, map: SourceMapJson): Map<string, number> {
  const sizes = new Map<string, number>();
  const add = (source: string, bytes: number) => {
    if (bytes > 0) sizes.set(source, (sizes.get(source) ?? 0) + bytes);
  };
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  for (let lineNumber = 0; lineNumber < lines.length; lineNumber++) {
    const line = lines[lineNumber] ?? '';
    const segments = (mappingLines[lineNumber] ?? '').split(',').filter(Boolean);
    let column = 0;
    let previousColumn = 0;
    let previousSource: string = UNMAPPED;
    for (const segment of segments) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      add(previousSource, Buffer.byteLength(line.slice(previousColumn, column)));
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        previousSource = map.sources[sourceIndex] ?? UNMAPPED;
        // The other fields (source line, column, name) are relative too but not needed here; they
        // must still be decoded in order, which decodeSegment did.
      } else {
        previousSource = UNMAPPED;
      }
      previousColumn = column;
    }
    add(
      previousSource,
      Buffer.byteLength(line.slice(previousColumn)) + (lineNumber < lines.length - 1 ? 1 : 0),
    );
  }
  return sizes;
}

/**
 * A source path as a reader wants it: `node_modules/<package>` collapsed to the package (so
 * @mantine/core shows as one line, not hundreds), project files relative to the root.
 */
export function moduleName(source: string): string {
  const normalized = source
    .replace(/\\/g, '/')
    .replace(/^(\.\.\/)+/, '')
    .replace(/\?.*$/, '');
  const nodeModules = normalized.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const rest = normalized.slice(nodeModules + 'node_modules/'.length).split('/');
    const packageName = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return `${packageName} (npm)`;
  }
  return normalized;
}
