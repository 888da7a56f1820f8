import type { MachineText } from '../machine-text';
import type { RegistrationEvent } from './registration.machine';

/** What each event of the registration machine means, for diagrams, path reports and the explorer. */
export const registrationEventDescriptions = {
  CONTINUE: {
    en: 'The user chooses to continue the registration they started.',
    he: 'בחירה להמשיך את ההרשמה שהתחילה.',
  },
  START_OVER: {
    en: 'The user chooses to start the registration over.',
    he: 'בחירה להתחיל את ההרשמה מחדש.',
  },
  CLOSE: {
    en: 'The user closes the resume dialog without choosing.',
    he: 'סגירת חלון ההמשך בלי לבחור.',
  },
  SUBMIT_PERSONAL: {
    en: 'The user submits the personal details form.',
    he: 'שליחת טופס הפרטים האישיים.',
  },
  PHONE_VERIFIED: {
    en: 'The code screen reports that the phone number was verified.',
    he: 'מסך הקוד מדווח שמספר הטלפון אומת.',
  },
  SUBMIT_COMPANY: {
    en: 'The user submits the company details form.',
    he: 'שליחת טופס פרטי החברה.',
  },
  BACK: {
    en: 'The user presses back: the login screen opens and the registration is kept for later.',
    he: 'לחיצה על חזרה: נפתח מסך הכניסה וההרשמה נשמרת להמשך.',
  },
  CLOSE_COMPLETION: {
    en: 'The user closes the “registration complete” dialog.',
    he: 'סגירת חלון סיום ההרשמה.',
  },
} satisfies Record<RegistrationEvent['type'], MachineText>;
