/**
 * Whether #root holds the page as the build drew it (scripts/build/first-paint.ts). The app's first
 * render replaces that drawing, so it should be the finished page: main.tsx loads the route before
 * rendering, and a route that otherwise paints in stages waits for its parts.
 */
export function isPageDrawn(): boolean {
  return typeof document !== 'undefined' && document.querySelector('#root > [data-first-paint]') !== null;
}
