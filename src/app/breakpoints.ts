/**
 * Where the phone layout ends, kept free of imports so the build (scripts/build/first-paint.ts) can read
 * it as the app does. The spec hides the sidebar at 640 px "or less"; Mantine's `sm` would still show
 * it at exactly 640.
 */
export const mobileMaxWidthPx = 640;
export const mobileMediaQuery = `(max-width: ${mobileMaxWidthPx / 16}em)`;
