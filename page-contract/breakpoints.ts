/**
 * Where the phone layout ends: the app lays out by it, and the build (scripts/build/first-paint.ts)
 * keeps a drawn page's wide-screen styles out of a phone's way by it. The spec hides the sidebar at
 * 640 px "or less"; Mantine's `sm` would still show it at exactly 640.
 */
export const mobileMaxWidthPx = 640;
export const mobileMediaQuery = `(max-width: ${mobileMaxWidthPx / 16}em)`;
