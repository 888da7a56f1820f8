import type { FormatLanguage } from '@domain/format';

/**
 * The words of the signed order's printable page (issue 23), for broker and client alike. The order
 * itself reads as on the signing page (client-page.copy.ts); these are the record of the signature
 * around it.
 */
export const ORDER_DOCUMENT_COPY = {
  he: {
    title: 'הזמנת שירותי תיווך חתומה',
    keepTitle: 'עותק של ההזמנה החתומה',
    keepBody: 'ההזמנה כפי שנחתמה, עם רישום החתימה, בעמוד מוכן להדפסה או לשמירה כ-PDF.',
    keepOrder: 'פתיחת ההזמנה החתומה',
    earlierTitle: 'גרסה {{version}} של ההזמנה',
    earlierBody:
      'המתווך עדכן את תנאי ההזמנה. גרסה {{signed}}, שחתמתם ב-{{when}}, נשארת בתוקף עד שתחתמו על הגרסה החדשה.',
    earlierOpen: 'פתיחת גרסה {{signed}} החתומה',
    documentsTitle: 'מסמכים',
    version: 'גרסה {{version}}',
    keepHint: 'לשמירת עותק: הדפיסו את העמוד (Ctrl+P, ובטלפון "שיתוף" ואז "הדפסה") ובחרו "שמירה כ-PDF".',
    signatureTitle: 'רישום החתימה',
    signedName: 'שם מלא כפי שהוקלד כחתימה',
    consent: 'הסכמה',
    consentGiven: 'הלקוח סימן: «{{text}}»',
    signedAt: 'מועד החתימה',
    verifiedPhone: 'הטלפון שאומת בקוד חד-פעמי',
    ip: 'כתובת IP',
    userAgent: 'דפדפן',
    fingerprint: 'טביעת אצבע (SHA-256) של נוסח ההזמנה החתום',
    drawing: 'חתימה ביד',
    drawingAlt: 'החתימה שצייר {{name}}',
    drawingFingerprint: 'טביעת אצבע (SHA-256) של קובץ החתימה ביד',
    drawingFingerprintMismatch:
      'טביעת האצבע של החתימה ביד, שחושבה מחדש מהקובץ השמור, אינה תואמת. אין לסמוך על החתימה ביד בעותק זה.',
    fingerprintChecked: 'טביעת האצבע חושבה מחדש מהנוסח השמור ותואמת.',
    fingerprintMismatch: 'טביעת האצבע שחושבה מחדש מהנוסח השמור אינה תואמת. אין לסמוך על עותק זה.',
    timeZone: 'שעון ישראל',
    linkExpiredTitle: 'הקישור למסמך פג',
    linkExpiredBody: 'פתחו את ההזמנה החתומה שוב מרשימת בקשות החשיפה.',
    notFoundTitle: 'המסמך לא נמצא',
    notFoundBody: 'ייתכן שהקישור הועתק חלקית, או שאין הזמנה חתומה בבקשה הזו.',
  },
  en: {
    title: 'Signed brokerage order',
    keepTitle: 'A copy of the signed order',
    keepBody:
      'The order as signed, with the record of the signature, on a page ready to print or save as PDF.',
    keepOrder: 'Open the signed order',
    earlierTitle: 'Version {{version}} of the order',
    earlierBody:
      'The broker has changed the terms of the order. Version {{signed}}, which you signed on {{when}}, stays in force until you sign the new version.',
    earlierOpen: 'Open signed version {{signed}}',
    documentsTitle: 'Documents',
    version: 'Version {{version}}',
    keepHint:
      'To keep a copy: print this page (Ctrl+P, or Share then Print on a phone) and choose "Save as PDF".',
    signatureTitle: 'Record of the signature',
    signedName: 'Full name as typed to sign',
    consent: 'Consent',
    consentGiven: 'The client ticked: “{{text}}”',
    signedAt: 'Signed at',
    verifiedPhone: 'Phone verified with a one-time code',
    ip: 'IP address',
    userAgent: 'Browser',
    fingerprint: 'Fingerprint (SHA-256) of the signed text of the order',
    drawing: 'Drawn signature',
    drawingAlt: 'The signature drawn by {{name}}',
    drawingFingerprint: 'Fingerprint (SHA-256) of the drawn signature image',
    drawingFingerprintMismatch:
      'The fingerprint of the drawn signature, computed again from the stored image, does not match. Do not rely on the drawing in this copy.',
    fingerprintChecked: 'The fingerprint was computed again from the stored text and matches.',
    fingerprintMismatch:
      'The fingerprint computed again from the stored text does not match. Do not rely on this copy.',
    timeZone: 'Israel time',
    linkExpiredTitle: 'This link to the document has expired',
    linkExpiredBody: 'Open the signed order again from the list of exposure requests.',
    notFoundTitle: 'Document not found',
    notFoundBody: 'The link may have been copied only in part, or this request has no signed order.',
  },
} as const satisfies Record<FormatLanguage, Record<string, string>>;
