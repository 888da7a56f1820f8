/** The whole document styled anew, in the page (scripts/perf/custom-property-lab.ts). */

/** Resolves once the page's fonts are in. */
export function fontsReady(): Promise<void> {
  return document.fonts.ready.then(() => undefined);
}

/** Hides the root and shows it again, each time: its subtree's styles dropped and built anew. */
export function restyleFromNothing(passes: number): void {
  const root = document.documentElement;
  for (let pass = 0; pass < passes; pass++) {
    root.style.display = 'none';
    void root.offsetHeight;
    root.style.display = '';
    void getComputedStyle(document.body).color;
    void root.offsetHeight;
  }
}

/** Shows a root the page was served hidden by its `style` attribute, and styles the tree. */
export function showHiddenRoot(): void {
  document.documentElement.removeAttribute('style');
  void getComputedStyle(document.body).color;
}
