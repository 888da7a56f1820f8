import { isApiUrl } from './security-headers';

/**
 * Which unmatched requests get the client's page instead of the 404 envelope. A page address is asked
 * by browsers, but also by curl, wget and uptime monitors that send `Accept: *\/*` or nothing at all:
 * all of them get the page. Only an API client that takes JSON and nothing else gets the envelope,
 * and so does a missing file (a name with an extension, or anything under /assets/), whatever it accepts.
 */
export function isPageRequest(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (isApiUrl(path) || isFilePath(path)) return false;
  return !acceptsOnlyJson(accept);
}

function isFilePath(path: string): boolean {
  if (path.startsWith('/assets/')) return true;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(lastSegment);
}

/** True when every media range the client accepts (q above 0) is JSON: `application/json` or `application/*+json`. */
function acceptsOnlyJson(accept: string | undefined): boolean {
  const ranges = (accept ?? '')
    .split(',')
    .map((part) => part.split(';').map((piece) => piece.trim().toLowerCase()))
    .filter(([range]) => range)
    .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
    .map(([range]) => range as string);
  return (
    ranges.length > 0 &&
    ranges.every((range) => range === 'application/json' || /^application\/[^/]*\+json$/.test(range))
  );
}
