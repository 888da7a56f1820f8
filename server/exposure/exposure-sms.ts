import type { Language } from '../http/error-messages';

export interface ExposureSmsInput {
  brokerName: string;
  url: string;
  expiresAt: Date;
  language: Language;
}

/**
 * The SMS that carries the client's link. It names the broker (who the client knows) and says what
 * the link is for and until when; nothing of the properties, which the client sees only after signing.
 */
export function exposureSmsText({ brokerName, url, expiresAt, language }: ExposureSmsInput): string {
  const until = expiresAt.toLocaleDateString(language === 'en' ? 'en-GB' : 'he-IL', {
    timeZone: 'Asia/Jerusalem',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  });
  return language === 'en'
    ? `${brokerName} asks you to sign a brokerage order in Nechasim before the properties are shown: ${url} (valid until ${until})`
    : `בקשה מאת ${brokerName} לחתימה על הזמנת שירותי תיווך בנכסים, לפני הצגת הנכסים: ${url} (הקישור בתוקף עד ${until})`;
}
