import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { directionOf, isLanguage, type Language } from '@/i18n/i18n';
import { useLanguage } from '@/i18n/use-language';

/** Each language is offered in its own name and script, so a user lost in the other one finds it. */
const endonyms: Record<Language, string> = { he: 'עברית', en: 'English' };

type LanguageSwitcherProps = Pick<SegmentedControlProps, 'size' | 'fullWidth'>;

export function LanguageSwitcher({ size = 'xs', fullWidth }: LanguageSwitcherProps) {
  const { t } = useTranslation('layout');
  const { language, languages, setLanguage } = useLanguage();

  return (
    <SegmentedControl
      aria-label={t('settings.language')}
      size={size}
      fullWidth={fullWidth}
      radius="md"
      value={language}
      onChange={(value) => {
        if (isLanguage(value)) void setLanguage(value);
      }}
      data={languages.map((code) => ({
        value: code,
        label: (
          <span lang={code} dir={directionOf(code)}>
            {endonyms[code]}
          </span>
        ),
      }))}
    />
  );
}
