import type { Language } from '@/i18n/i18n';

export interface Variant {
  /** he-desktop, en-mobile, …: used in test names and screenshot file names. */
  name: string;
  lang: Language;
  viewport: { width: number; height: number };
  mobile: boolean;
}

function variant(lang: Language, mobile: boolean): Variant {
  return {
    name: `${lang}-${mobile ? 'mobile' : 'desktop'}`,
    lang,
    viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    mobile,
  };
}

export const heDesktop = variant('he', false);
export const heMobile = variant('he', true);
export const enDesktop = variant('en', false);
export const enMobile = variant('en', true);

/** Both languages at both widths: the sign-in and registration journeys run in all four. */
export const fullMatrix = [heDesktop, enDesktop, heMobile, enMobile] as const;
/** Hebrew on a desktop and English on a phone: the longer property journeys run in these two. */
export const crossMatrix = [heDesktop, enMobile] as const;
