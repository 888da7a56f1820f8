import type { MachineText } from '../machine-text';
import type { AuthEvent } from './auth.machine';

/** What each event of the session machine means, for diagrams, path reports and the explorer. */
export const authEventDescriptions = {
  LOGIN: {
    en: 'The user signs in (a verified code or a new account); the tokens are saved.',
    he: 'כניסה למערכת (בקוד מאומת או בחשבון חדש); האסימונים נשמרים.',
  },
  LOGOUT: {
    en: 'The user signs out from the menu.',
    he: 'יציאה מהמערכת מהתפריט.',
  },
  ENDED_ELSEWHERE: {
    en: 'Another tab of this browser signed out, or signed in as someone else.',
    he: 'בלשונית אחרת של הדפדפן יצאו מהמערכת, או נכנסו כמשתמש אחר.',
  },
  TOKEN_REJECTED: {
    en: 'A request was refused with 401: the server no longer accepts the access token.',
    he: 'בקשה נדחתה עם 401: השרת כבר לא מקבל את אסימון הגישה.',
  },
  RETRY_REJECTED: {
    en: 'A request retried with renewed tokens was refused again.',
    he: 'בקשה שנשלחה שוב עם אסימונים מחודשים נדחתה שוב.',
  },
} satisfies Record<AuthEvent['type'], MachineText>;
