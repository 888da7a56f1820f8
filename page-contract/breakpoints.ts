/**
 * Where the phone layout ends: the app lays out by it, and the server (server/http/page-renderer.ts)
 * preloads the list's table for wider screens only by it. The spec hides the sidebar at
 * 640 px "or less"; Mantine's `sm` would still show it at exactly 640.
 */
export const mobileMaxWidthPx = 640;
export const mobileMediaQuery = `(max-width: ${mobileMaxWidthPx / 16}em)`;
