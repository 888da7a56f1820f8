import { useId } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { directionOf, type Language } from '@/i18n/i18n';
import { useLanguage } from '@/i18n/use-language';
import classes from './language-switcher.module.css';

/** Each language is offered in its own name and script, so a user lost in the other one finds it. */
const endonyms: Record<Language, string> = { he: 'עברית', en: 'English' };

export interface LanguageSwitcherProps {
  size?: 'xs' | 'sm';
  fullWidth?: boolean;
}

/**
 * Two languages as a segmented pair of native radio buttons: arrow keys, focus and the checked state
 * come from the browser. Mantine's SegmentedControl measured its sliding indicator on every render,
 * forcing layouts that cost a phone about a tenth of a second at start-up, on every screen.
 */
export function LanguageSwitcher({ size = 'xs', fullWidth }: LanguageSwitcherProps) {
  const { t } = useTranslation('layout');
  const { language, languages, setLanguage } = useLanguage();
  const name = useId();

  return (
    <div
      role="radiogroup"
      aria-label={t('settings.language')}
      className={classes.root}
      data-size={size}
      data-full-width={fullWidth || undefined}
    >
      {languages.map((code) => (
        <label key={code} className={classes.option}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={code}
            checked={code === language}
            onChange={() => void setLanguage(code)}
          />
          <span className={classes.label} lang={code} dir={directionOf(code)}>
            {endonyms[code]}
          </span>
        </label>
      ))}
    </div>
  );
}
