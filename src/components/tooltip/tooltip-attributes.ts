/** What an element carries to have a tooltip (see ./tooltip.ts), and what shows it. */

/** Where the label goes: above the element, or beside it on the reading direction's end side. */
export type TooltipSide = 'top' | 'end';

export const TOOLTIP_ATTRIBUTE = 'data-tooltip';
export const TOOLTIP_SIDE_ATTRIBUTE = 'data-tooltip-side';

/** The attributes that give an element a tooltip; none when there is no label (a disabled tooltip). */
export function tooltip(label: string | false | null | undefined, side: TooltipSide = 'top') {
  if (!label) return {};
  return { [TOOLTIP_ATTRIBUTE]: label, [TOOLTIP_SIDE_ATTRIBUTE]: side };
}

export interface TooltipView {
  show(target: HTMLElement): void;
  hide(): void;
  dispose(): void;
}
