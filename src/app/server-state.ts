import { SERVER_STATE_ID, type ServerState } from '@page-contract/page-renderer';

/**
 * What the server rendered #root with (page-contract/page-renderer.ts), or null for a page the browser
 * renders itself. A JSON script, not an inline one: the page's Content-Security-Policy runs scripts from
 * the app's own files only, and a data block runs nothing.
 */
export function readServerState(): ServerState | null {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as ServerState;
  } catch {
    return null;
  }
}
