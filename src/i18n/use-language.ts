import { useDirection } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changeLanguage,
  type Direction,
  directionOf,
  type Language,
  supportedLanguages,
  toLanguage,
} from './i18n';

export interface LanguageControls {
  language: Language;
  direction: Direction;
  languages: readonly Language[];
  setLanguage: (language: Language) => Promise<void>;
}

/**
 * The current language and a setter that keeps i18next, `<html lang dir>` and Mantine's
 * DirectionProvider in step, so RTL-aware components flip in the same render as the text.
 */
export function useLanguage(): LanguageControls {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  const setLanguage = useCallback(
    async (next: Language) => {
      await changeLanguage(next);
      setDirection(directionOf(next));
    },
    [setDirection],
  );

  return { language, direction: directionOf(language), languages: supportedLanguages, setLanguage };
}
