import type { MachineText } from '../machine-text';
import type { SignOutEvent } from './sign-out.machine';

/** What each event of the sign-out machine means, for diagrams, path reports and the explorer. */
export const signOutEventDescriptions = {
  SIGN_OUT: {
    en: 'The user chooses to log out from the menu.',
    he: 'בחירה בהתנתקות מהתפריט.',
  },
  SAVE_AND_SIGN_OUT: {
    en: 'The user chooses to save the drafts on the server and then log out.',
    he: 'בחירה לשמור את הטיוטות בשרת ואז להתנתק.',
  },
  SIGN_OUT_WITHOUT_SAVING: {
    en: 'The user chooses to log out and let the unsaved drafts go.',
    he: 'בחירה להתנתק ולוותר על הטיוטות שלא נשמרו.',
  },
  CANCEL: {
    en: 'The user closes the question (cancel, Escape, or outside it) and stays signed in.',
    he: 'סגירת השאלה (ביטול, Escape או לחיצה מחוץ לחלון) והישארות במערכת.',
  },
} satisfies Record<SignOutEvent['type'], MachineText>;
