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
    he: 'אין לכם הרשאה לבצע את הפעולה הזו.',
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
  request_timeout: {
    he: 'הבקשה הגיעה לאט מדי. אפשר לנסות שוב.',
    en: 'The request took too long to arrive. Please try again.',
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
  // One-time codes. otp_mismatch and otp_expired are the spec's texts (mismatchedOtp, code expired).
  otp_mismatch: {
    he: 'האימות נכשל, נא להזין קוד תקין',
    en: 'Verification failed, please enter a valid code',
  },
  otp_expired: {
    he: 'תוקף הקוד פג',
    en: 'The code has expired',
  },
  otp_attempts_exceeded: {
    he: 'הוזן קוד שגוי יותר מדי פעמים. נא לבקש קוד חדש.',
    en: 'Too many wrong attempts. Please request a new code.',
  },
  otp_verify_limit: {
    he: 'היו יותר מדי ניסיונות אימות למספר הזה. אפשר לנסות שוב מאוחר יותר.',
    en: 'Too many verification attempts for this number. Please try again later.',
  },
  otp_resend_too_soon: {
    he: 'אפשר לבקש קוד חדש בעוד כמה שניות.',
    en: 'You can request a new code in a few seconds.',
  },
  otp_send_limit: {
    he: 'נשלחו יותר מדי קודים. אפשר לנסות שוב מאוחר יותר.',
    en: 'Too many codes were requested. Please try again later.',
  },
  otp_daily_limit: {
    he: 'השירות שלח היום את מספר הקודים המרבי. אפשר לנסות שוב מחר.',
    en: 'The service has sent as many codes as it can today. Please try again tomorrow.',
  },
  sms_country_not_supported: {
    he: 'לא ניתן לשלוח קוד למספרי טלפון במדינה הזו. אפשר להזין מספר ישראלי.',
    en: 'Codes cannot be sent to phone numbers in this country. Please enter an Israeli number.',
  },
  sms_delivery_failed: {
    he: 'אירעה שגיאה. נא לנסות שוב בעוד מספר רגעים',
    en: 'An error occurred. Please try again in a few moments',
  },
  // Accounts and registration.
  account_not_found: {
    he: 'לא נמצא חשבון עם מספר הטלפון הזה. אפשר להירשם.',
    en: 'No account was found for this phone number. You can register.',
  },
  phone_already_registered: {
    he: 'כבר קיים חשבון עם מספר הטלפון הזה. אפשר להתחבר.',
    en: 'An account with this phone number already exists. Please sign in.',
  },
  lead_not_found: {
    he: 'פרטי ההרשמה לא נמצאו. נא להתחיל את ההרשמה מחדש.',
    en: 'The registration was not found. Please start again.',
  },
  lead_not_ready: {
    he: 'יש לאמת את מספר הטלפון ולמלא את פרטי החברה לפני סיום ההרשמה.',
    en: 'Verify your phone number and fill in the company details before completing registration.',
  },
  lead_verification_expired: {
    he: 'תוקף אימות הטלפון פג. נא לאמת את מספר הטלפון מחדש.',
    en: 'The phone verification has expired. Please verify your phone number again.',
  },
  lead_already_registered: {
    he: 'ההרשמה הזו כבר הושלמה.',
    en: 'This registration has already been completed.',
  },
  // Refresh tokens.
  invalid_refresh_token: {
    he: 'פג תוקף ההתחברות. נא להתחבר מחדש.',
    en: 'Your session has expired. Please sign in again.',
  },
  refresh_token_reused: {
    he: 'מטעמי אבטחה נותקת מהמערכת. נא להתחבר מחדש.',
    en: 'For your security you have been signed out. Please sign in again.',
  },
  // Properties and their files.
  property_incomplete: {
    he: 'לא ניתן לפרסם את הנכס לפני שכל שדות החובה מולאו.',
    en: 'The property cannot be published until every required field is filled in.',
  },
  cannot_unpublish: {
    he: 'נכס שפורסם אינו יכול לחזור לטיוטה.',
    en: 'A published property cannot go back to being a draft.',
  },
  property_not_deleted: {
    he: 'הנכס לא נמחק, ולכן אין מה לשחזר.',
    en: 'This property has not been deleted, so there is nothing to restore.',
  },
  unsupported_file_type: {
    he: 'סוג הקובץ אינו נתמך בקבוצה זו. אפשר להעלות תמונות JPEG, PNG או WebP, סרטוני MP4, MOV או WebM, ומסמכי PDF.',
    en: 'This file type is not accepted in this group. You can upload JPEG, PNG or WebP images, MP4, MOV or WebM videos, and PDF documents.',
  },
  file_too_large: {
    he: 'הקובץ גדול מהמותר: עד 15MB לתמונה, 25MB למסמך ו־200MB לסרטון.',
    en: 'The file is too large: up to 15 MB per image, 25 MB per document and 200 MB per video.',
  },
  upload_too_large: {
    he: 'ההעלאה גדולה מהמותר: עד 250MB בהעלאה אחת. אפשר להעלות את הקבצים בכמה פעמים.',
    en: 'The upload is too large: up to 250 MB at a time. You can upload the files in several batches.',
  },
  storage_quota_exceeded: {
    he: 'נגמר נפח האחסון בחשבון. אפשר למחוק קבצים שאינם נחוצים ולנסות שוב.',
    en: 'Your account is out of storage space. Delete files you no longer need and try again.',
  },
  image_too_large: {
    he: 'מידות התמונה גדולות מהמותר: עד 120 מגה־פיקסל.',
    en: 'The image dimensions are too large: up to 120 megapixels.',
  },
  property_deleted: {
    he: 'הטיוטה הזו נמחקה ברשימת הנכסים. אפשר לשחזר אותה משם, או להתחיל נכס חדש.',
    en: 'This draft was deleted from the property list. You can restore it there, or start a new property.',
  },
  too_many_files: {
    he: 'נשלחו יותר מדי קבצים. אפשר להעלות עד 30 קבצים בבקשה אחת ועד 50 קבצים בכל קבוצה.',
    en: 'Too many files. You can upload up to 30 files at a time and up to 50 files per group.',
  },
  // Exposure requests and brokerage orders (issue 23).
  broker_profile_incomplete: {
    he: 'כדי לשלוח הזמנת תיווך יש להשלים בפרופיל את מספר רישיון התיווך, מספר תעודת הזהות וכתובת העסק.',
    en: 'To send a brokerage order, add your brokerage licence number, ID number and business address to your profile.',
  },
  exposure_request_closed: {
    he: 'הבקשה כבר נחתמה, נדחתה, פגה או בוטלה, ולכן אי אפשר לשנות אותה.',
    en: 'This request has already been signed, declined, expired or withdrawn, so it cannot be changed.',
  },
  exposure_request_not_amendable: {
    he: 'אי אפשר לתקן בקשה שבוטלה או שעדיין לא נשלחה. אפשר ליצור בקשה חדשה, או לשלוח את הטיוטה.',
    en: 'A withdrawn request, or one not sent yet, cannot be amended. Create a new request, or send the draft.',
  },
  exposure_resend_limit: {
    he: 'אפשר לשלוח קישור חדש פעם בדקה, ועד חמש הודעות לכל בקשה.',
    en: 'A new link can be sent once a minute, and up to five messages per request.',
  },
  exposure_request_not_signed: {
    he: 'הבקשה עוד לא נחתמה, ולכן אין עדיין הזמנה חתומה להציג.',
    en: 'This request is not signed yet, so there is no signed order to show.',
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
