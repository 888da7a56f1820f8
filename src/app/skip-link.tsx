import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

export const mainContentId = 'main-content';

/** First tab stop on every page, so keyboard users can jump past the header and sidebar. */
export function SkipLink() {
  const { t } = useTranslation('layout');
  return (
    <a className={classes.skipLink} href={`#${mainContentId}`}>
      {t('skipToContent')}
    </a>
  );
}
