import './heebo-font.css';
import './heebo-fallback-font.css';
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// Deep teal: calm and professional, and shade 8 keeps white text above 4.5:1 contrast.
const brand: MantineColorsTuple = [
  '#e7f6f5',
  '#d5ebe9',
  '#aad6d2',
  '#7cc0b9',
  '#56ada5',
  '#3ea198',
  '#2f9b92',
  '#1f877e',
  '#107870',
  '#006860',
];

// An installed Heebo is Heebo itself: it comes before the fallback sized to it (heebo-fallback-font.css).
const fontFamily =
  "'Heebo Variable', 'Heebo', 'Heebo Fallback', system-ui, -apple-system, 'Segoe UI', Arial, 'Noto Sans Hebrew', sans-serif";

/**
 * The spec's breakpoints in em (1em = 16px): xs 480, sm 640, md 768, lg 1024, xl 1280, 2xl 1536.
 */
export const breakpoints = {
  xs: '30em',
  sm: '40em',
  md: '48em',
  lg: '64em',
  xl: '80em',
  '2xl': '96em',
} as const;

type AppBreakpoint = keyof typeof breakpoints;

declare module '@mantine/core' {
  export interface MantineThemeSizesOverride {
    breakpoints: Record<AppBreakpoint, string>;
  }
}

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  autoContrast: true,
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  breakpoints,
  cursorType: 'pointer',
  focusRing: 'auto',
});

/**
 * Mantine's default dimmed grey (gray.6) and error red (red.6) are about 3.3:1 on white; text needs
 * 4.5:1 (WCAG AA). The error colour also paints what is typed into a field in error (the code boxes).
 * Placeholders are text too: Mantine's gray.5 is 2.1:1, which axe reports where a placeholder is an
 * element (the date picker's); #6c757d is 4.7:1 and still lighter than a typed value.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {},
});
