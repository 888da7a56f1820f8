/**
 * Every error code the API answers with, and its human message in both languages. Hebrew is the
 * source language and the default; English is chosen by `Accept-Language: en…`. Codes are stable
 * machine identifiers clients branch on; messages may be reworded freely.
 */
export const ERROR_MESSAGES = {
  bad_request: {
    he: 'הבקשה אינה תקינה.',
    en: 'The request is not valid.',
  },
  validation_failed: {
    he: 'חלק מהנתונים שנשלחו אינם תקינים.',
    en: 'Some of the data sent is not valid.',
  },
  invalid_json: {
    he: 'גוף הבקשה אינו JSON תקין.',
    en: 'The request body is not valid JSON.',
  },
  unauthorized: {
    he: 'יש להתחבר כדי להמשיך.',
    en: 'Please sign in to continue.',
  },
  forbidden: {
    he: 'אין לך הרשאה לבצע פעולה זו.',
    en: 'You are not allowed to do this.',
  },
  not_found: {
    he: 'המשאב המבוקש לא נמצא.',
    en: 'The requested resource was not found.',
  },
  method_not_allowed: {
    he: 'הפעולה אינה נתמכת בכתובת זו.',
    en: 'This method is not supported here.',
  },
  conflict: {
    he: 'הבקשה סותרת את המצב הנוכחי.',
    en: 'The request conflicts with the current state.',
  },
  payload_too_large: {
    he: 'הבקשה גדולה מהמותר.',
    en: 'The request is too large.',
  },
  unsupported_media_type: {
    he: 'סוג התוכן שנשלח אינו נתמך.',
    en: 'This content type is not supported.',
  },
  rate_limited: {
    he: 'נשלחו יותר מדי בקשות. אפשר לנסות שוב בעוד כמה רגעים.',
    en: 'Too many requests. Please try again in a few moments.',
  },
  internal_error: {
    he: 'אירעה שגיאה בשרת. אפשר לנסות שוב בעוד כמה רגעים.',
    en: 'Something went wrong on our side. Please try again in a few moments.',
  },
  not_implemented: {
    he: 'הפעולה עדיין אינה זמינה.',
    en: 'This operation is not available yet.',
  },
  service_unavailable: {
    he: 'השירות אינו זמין כרגע. אפשר לנסות שוב בעוד כמה רגעים.',
    en: 'The service is unavailable right now. Please try again in a few moments.',
  },
} as const satisfies Record<string, { he: string; en: string }>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export type Language = 'he' | 'en';

/** English only when the client asks for it first; everything else gets the source language. */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return header?.trim().toLowerCase().startsWith('en') ? 'en' : 'he';
}

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERROR_MESSAGES[code][language];
}
