import { useTranslation } from 'react-i18next';
import classes from './no-script-notice.module.css';

/**
 * "The forms need JavaScript", for a browser that runs no script: a page the server rendered reads
 * without one, its forms and buttons do not. Each layout places it where it is read (under the app's
 * fixed header, in the flow); with scripts on, the browser keeps a `<noscript>`'s content as text and
 * React does not hydrate it.
 */
export function NoScriptNotice({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <noscript>
      <p className={className ? `${classes.notice} ${className}` : classes.notice}>{t('noScript')}</p>
    </noscript>
  );
}
