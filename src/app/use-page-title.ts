import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type heCommon from '@/i18n/locales/he/common.json';

export type ScreenKey = keyof typeof heCommon.screens;

/** The title of the deepest matched route that declares `staticData.titleKey`. */
export function usePageTitle(): string | undefined {
  const { t } = useTranslation();
  const titleKey = useMatches({
    select: (matches) => {
      const match = matches.findLast((candidate) => candidate.staticData.titleKey);
      const key = match?.staticData.titleKey;
      return typeof key === 'function' ? key(match?.search as Record<string, unknown>) : key;
    },
  });
  return titleKey ? t(`screens.${titleKey}`) : undefined;
}

/** Browser tabs and screen-reader page announcements use the same title as the header. */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const pageTitle = usePageTitle();
  const appName = t('appName');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${appName}` : appName;
  }, [pageTitle, appName]);
}
