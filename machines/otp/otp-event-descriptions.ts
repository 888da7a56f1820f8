import type { MachineText } from '../machine-text';
import type { OtpEvent } from './otp.machine';

/** What each event of the one-time-code machine means, for diagrams, path reports and the explorer. */
export const otpEventDescriptions = {
  SEND: {
    en: 'The user asks again for a code, possibly to a corrected phone number.',
    he: 'בקשה חוזרת לקוד, אולי למספר טלפון מתוקן.',
  },
  TYPE_CODE: {
    en: 'The user types or pastes into the code boxes.',
    he: 'הקלדה או הדבקה בתיבות הקוד.',
  },
  SUBMIT_CODE: {
    en: 'The user presses the verify button.',
    he: 'לחיצה על כפתור האימות.',
  },
  RESEND: {
    en: 'The user asks for a new code.',
    he: 'בקשה לקוד חדש.',
  },
} satisfies Record<OtpEvent['type'], MachineText>;
