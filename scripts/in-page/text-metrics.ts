/** What scripts/fonts/fallback-metrics.ts reads of a font in the page. */
export interface TextMetrics {
  /** The strings' widths summed, at 100 px. */
  width: number;
  /** The font's ascent and descent per px of font size. */
  ascent: number;
  descent: number;
  /** A line box's height at line-height: normal, 100 px text. */
  normalLine: number;
}

/** Loads the faces a CSS font shorthand names, for the given text. */
export async function loadFont([font, text]: [string, string]): Promise<void> {
  await document.fonts.load(font, text);
}

export function measureTextMetrics([family, weight, strings]: [string, number, string[]]): TextMetrics {
  const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
  context.font = `${weight} 100px ${family}`;
  let width = 0;
  for (const text of strings) width += context.measureText(text).width;
  // Ascent and descent at 1000 px: the canvas gives them in whole pixels.
  context.font = `${weight} 1000px ${family}`;
  const metrics = context.measureText('אבג Hxg 123');
  const line = document.createElement('div');
  line.style.cssText = `font:${weight} 100px ${family};line-height:normal;position:absolute;white-space:nowrap`;
  line.textContent = 'אבג Hxg 123';
  document.body.append(line);
  const normalLine = line.getBoundingClientRect().height;
  line.remove();
  return {
    width,
    ascent: metrics.fontBoundingBoxAscent / 1000,
    descent: metrics.fontBoundingBoxDescent / 1000,
    normalLine,
  };
}
