/**
 * Installed before the page's own scripts (page.addInitScript): every layout shift with the elements that
 * moved, described when Chromium reports them (a node the app removes later would otherwise be gone),
 * beside the moments a shift is read against: first contentful paint, each web font's arrival, the end of
 * hydration (the server's hidden phone layout emptied, as PhoneOrWide does right after it) and the
 * scrollbar's width at each shift. Read back with `readLayoutShiftRecord`.
 */
export interface ShiftSource {
  node: string;
  previousRect: [number, number, number, number];
  currentRect: [number, number, number, number];
}

export interface ShiftEntry {
  time: number;
  value: number;
  hadRecentInput: boolean;
  scrollbar: number;
  sources: ShiftSource[];
}

export interface LayoutShiftRecord {
  shifts: ShiftEntry[];
  fcp: number | null;
  fonts: { family: string; weight: string; range: string; time: number }[];
  hydrated: number | null;
  /** When the font files' responses ended (resource timing), by file. */
  fontFiles: { file: string; responseEnd: number }[];
}

export function installLayoutShiftRecord(): void {
  const record: LayoutShiftRecord = {
    shifts: [],
    fcp: null,
    fonts: [],
    hydrated: null,
    fontFiles: [],
  };
  Object.assign(window, { layoutShiftRecord: record });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift = entry as PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      };
      record.shifts.push({
        time: Math.round(shift.startTime),
        value: shift.value,
        hadRecentInput: shift.hadRecentInput,
        scrollbar: window.innerWidth - document.documentElement.clientWidth,
        sources: shift.sources.map((source) => {
          // Described now: a node the app removes later is gone by the time the record is read.
          const node = source.node;
          let named = '(removed)';
          if (node && !(node instanceof Element))
            named = `#text "${(node.textContent ?? '').trim().slice(0, 30)}"`;
          if (node instanceof Element) {
            const path: string[] = [];
            for (
              let at: Element | null = node;
              at && at !== document.body && path.length < 4;
              at = at.parentElement
            ) {
              const classes = [...at.classList].slice(0, 2).join('.');
              const layout = at.getAttribute('data-layout');
              path.unshift(
                `${at.tagName.toLowerCase()}${at.id ? `#${at.id}` : ''}${classes ? `.${classes}` : ''}${layout ? `[data-layout=${layout}]` : ''}`,
              );
            }
            named = `${path.join(' > ')} "${(node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
          }
          const before = source.previousRect;
          const after = source.currentRect;
          return {
            node: named,
            previousRect: [before.x, before.y, before.width, before.height].map(
              Math.round,
            ) as ShiftSource['previousRect'],
            currentRect: [after.x, after.y, after.width, after.height].map(
              Math.round,
            ) as ShiftSource['currentRect'],
          };
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') record.fcp = Math.round(entry.startTime);
  }).observe({ type: 'paint', buffered: true });
  document.fonts.addEventListener('loadingdone', (event) => {
    for (const face of (event as FontFaceSetLoadEvent).fontfaces)
      record.fonts.push({
        family: face.family,
        weight: face.weight,
        range: face.unicodeRange.slice(0, 20),
        time: Math.round(performance.now()),
      });
  });
  // Watched from the first parse: on a wide screen, hydration ends by emptying the server's phone layout.
  const watch = new MutationObserver(() => {
    const phone = document.querySelector('[data-layout="phone"]');
    if (phone && phone.childElementCount === 0) {
      record.hydrated = Math.round(performance.now());
      watch.disconnect();
    }
  });
  watch.observe(document, { childList: true, subtree: true });
}

export function readLayoutShiftRecord(): LayoutShiftRecord {
  const record = (window as unknown as { layoutShiftRecord: LayoutShiftRecord }).layoutShiftRecord;
  record.fontFiles = performance
    .getEntriesByType('resource')
    .filter((entry) => /\.woff2$/.test(entry.name))
    .map((entry) => ({
      file: entry.name.replace(/^.*\//, ''),
      responseEnd: Math.round((entry as PerformanceResourceTiming).responseEnd),
    }));
  return record;
}
