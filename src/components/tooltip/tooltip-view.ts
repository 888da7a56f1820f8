import { arrow, autoUpdate, computePosition, flip, offset, type Placement, shift } from '@floating-ui/dom';
import classes from './tooltip.module.css';
import { TOOLTIP_ATTRIBUTE, TOOLTIP_SIDE_ATTRIBUTE, type TooltipView } from './tooltip-attributes';

const ARROW_SIZE = 8;
const GAP = 6;

/**
 * The one floating label of ./tooltip.ts, loaded on the first hover: a node in <body>, placed next to
 * its element with floating-ui and kept there while the page scrolls or resizes. It follows the
 * element's label as it changes (a toggle that says what it will do next) and leaves with the element.
 */
export function createTooltipView(doc: Document = document): TooltipView {
  const root = doc.createElement('div');
  root.className = classes.tooltip ?? '';
  root.setAttribute('aria-hidden', 'true');
  const label = doc.createElement('span');
  const tip = doc.createElement('span');
  tip.className = classes.arrow ?? '';
  root.append(label, tip);

  let stopFollowing: (() => void) | null = null;
  let watching: MutationObserver | null = null;

  const hide = () => {
    stopFollowing?.();
    stopFollowing = null;
    watching?.disconnect();
    watching = null;
    root.remove();
  };

  const place = async (target: HTMLElement) => {
    if (!target.isConnected) return hide();
    const placement = placementOf(target, doc);
    const position = await computePosition(target, root, {
      placement,
      strategy: 'fixed',
      middleware: [
        offset(GAP + ARROW_SIZE / 2),
        flip(),
        shift({ padding: 8 }),
        arrow({ element: tip, padding: 6 }),
      ],
    });
    root.style.left = `${position.x}px`;
    root.style.top = `${position.y}px`;
    root.dataset.side = position.placement.split('-')[0];
    const { x, y } = position.middlewareData.arrow ?? {};
    tip.style.left = x === undefined ? '' : `${x}px`;
    tip.style.top = y === undefined ? '' : `${y}px`;
  };

  const show = (target: HTMLElement) => {
    hide();
    label.textContent = target.getAttribute(TOOLTIP_ATTRIBUTE);
    doc.body.append(root);
    stopFollowing = autoUpdate(target, root, () => void place(target));
    watching = new MutationObserver(() => {
      const text = target.getAttribute(TOOLTIP_ATTRIBUTE);
      if (text) label.textContent = text;
      else hide();
    });
    watching.observe(target, { attributes: true, attributeFilter: [TOOLTIP_ATTRIBUTE] });
  };

  return { show, hide, dispose: hide };
}

/** 'end' is the reading direction's end: right of the element in English, left of it in Hebrew. */
function placementOf(target: HTMLElement, doc: Document): Placement {
  if (target.getAttribute(TOOLTIP_SIDE_ATTRIBUTE) !== 'end') return 'top';
  return doc.documentElement.dir === 'rtl' ? 'left' : 'right';
}
