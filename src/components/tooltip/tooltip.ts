/**
 * Tooltips as one delegated layer. An element opts in with `{...tooltip(label)}` (two data attributes);
 * a single floating label follows mouse hover and keyboard focus to whichever element has one.
 *
 * Why not Mantine's Tooltip: the property list puts four icon buttons on every row and the frame a
 * dozen more, and each Tooltip is a floating-ui instance rendered with its element, on every render,
 * for a label a phone never shows. It also put floating-ui (15 KiB) in the first load of every
 * private screen. Here nothing renders per element, and the positioning code loads on the first hover.
 *
 * The label repeats what the element already says to assistive technology (its aria-label or its own
 * text), so the floating label itself is hidden from it.
 */
import { TOOLTIP_ATTRIBUTE, type TooltipView } from './tooltip-attributes';

export { TOOLTIP_ATTRIBUTE, type TooltipSide, type TooltipView, tooltip } from './tooltip-attributes';

function tooltipTarget(node: EventTarget | null): HTMLElement | null {
  return node instanceof Element ? node.closest<HTMLElement>(`[${TOOLTIP_ATTRIBUTE}]`) : null;
}

/**
 * Listens on the document and shows the label of the element under the mouse, or else of the element
 * focused from the keyboard. Escape hides it until the pointer or the focus moves on. Returns the
 * function that removes the listeners and the label.
 */
export function installTooltips(
  doc: Document = document,
  loadView: () => Promise<TooltipView> = defaultLoadView,
): () => void {
  const listeners = new AbortController();
  const options = { signal: listeners.signal, capture: true } as const;
  let hovered: HTMLElement | null = null;
  let focused: HTMLElement | null = null;
  let dismissed = false;
  let shown: HTMLElement | null = null;
  let view: Promise<TooltipView> | null = null;

  const update = () => {
    const next = dismissed ? null : (hovered ?? focused);
    if (next === shown) return;
    shown = next;
    if (next) {
      view ??= loadView();
      // The view may arrive after the pointer left: show only what is still wanted.
      void view.then((loaded) => (shown === next ? loaded.show(next) : undefined));
    } else {
      void view?.then((loaded) => (shown === null ? loaded.hide() : undefined));
    }
  };

  doc.addEventListener(
    'pointerover',
    (event) => {
      // A finger has no hover: a tap would leave the label stuck on the screen.
      if (event.pointerType !== 'mouse') return;
      const target = tooltipTarget(event.target);
      if (target !== hovered) dismissed = false;
      hovered = target;
      update();
    },
    options,
  );
  doc.addEventListener(
    'pointerout',
    (event) => {
      // Leaving the window (no element to go to) ends the hover too.
      if (event.relatedTarget === null && event.pointerType === 'mouse') {
        hovered = null;
        update();
      }
    },
    options,
  );
  doc.addEventListener(
    'focusin',
    (event) => {
      const target = tooltipTarget(event.target);
      // Focus from a click is not a request for help; focus from the keyboard is.
      focused = target?.matches(':focus-visible, :has(:focus-visible)') ? target : null;
      dismissed = false;
      update();
    },
    options,
  );
  doc.addEventListener(
    'focusout',
    () => {
      focused = null;
      update();
    },
    options,
  );
  doc.addEventListener(
    'pointerdown',
    () => {
      dismissed = true;
      update();
    },
    options,
  );
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape' && shown) {
        dismissed = true;
        update();
      }
    },
    options,
  );

  return () => {
    listeners.abort();
    shown = null;
    void view?.then((loaded) => loaded.dispose());
  };
}

const defaultLoadView = () => import('./tooltip-view').then((module) => module.createTooltipView());
