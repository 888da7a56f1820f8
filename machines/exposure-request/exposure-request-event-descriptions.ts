import type { MachineText } from '../machine-text';
import type { ExposureRequestEvent } from './exposure-request.machine';

/** What each event of the exposure-request machine means, for diagrams, path reports and the explorer. */
export const exposureRequestEventDescriptions = {
  SEND: {
    en: 'The broker sends the request: an SMS with the link goes to the client.',
    he: 'המתווך שולח את הבקשה: הודעת SMS עם הקישור נשלחת ללקוח.',
  },
  RESEND: {
    en: 'The broker sends a new link; the previous link stops working.',
    he: 'המתווך שולח קישור חדש; הקישור הקודם מפסיק לפעול.',
  },
  OPEN: {
    en: 'The client opens the link from the SMS.',
    he: 'הלקוח פותח את הקישור מההודעה.',
  },
  VERIFY: {
    en: 'The client enters a one-time code sent to the phone, and it is right.',
    he: 'הלקוח מזין קוד חד-פעמי שנשלח לטלפון, והקוד נכון.',
  },
  SIGN: {
    en: 'The client types a full name, consents and signs the order.',
    he: 'הלקוח מקליד שם מלא, מאשר וחותם על ההזמנה.',
  },
  DECLINE: {
    en: 'The client refuses the request.',
    he: 'הלקוח דוחה את הבקשה.',
  },
  REVOKE: {
    en: 'The broker withdraws the request.',
    he: 'המתווך מבטל את הבקשה.',
  },
  AMEND: {
    en: 'The broker changes the order’s terms: the next version goes out with a new link.',
    he: 'המתווך משנה את תנאי ההזמנה: הגרסה הבאה נשלחת בקישור חדש.',
  },
  EXPIRE: {
    en: 'The server finds the link past its expiry.',
    he: 'השרת מוצא שתוקף הקישור פג.',
  },
} satisfies Record<ExposureRequestEvent['type'], MachineText>;
