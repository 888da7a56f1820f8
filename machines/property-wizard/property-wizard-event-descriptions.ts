import type { MachineText } from '../machine-text';
import type { PropertyWizardEvent, PropertyWizardInternalEvent } from './property-wizard.machine';

/** What each event of the property wizard means, for diagrams, path reports and the explorer. */
export const propertyWizardEventDescriptions = {
  RESUME_DRAFT: {
    en: 'The broker chooses to continue the draft kept in this browser.',
    he: 'בחירה להמשיך את הטיוטה שנשמרה בדפדפן.',
  },
  START_FRESH: {
    en: 'The broker chooses to start over from what is stored, letting the local draft go.',
    he: 'בחירה להתחיל מחדש ממה שנשמר, בלי הטיוטה המקומית.',
  },
  RETRY: {
    en: 'The broker tries loading the property again.',
    he: 'ניסיון נוסף לטעון את הנכס.',
  },
  NEXT: {
    en: 'The broker presses "next".',
    he: 'לחיצה על "הבא".',
  },
  BACK: {
    en: 'The broker presses "back" (on the first step "cancel", which leaves the wizard).',
    he: 'לחיצה על "הקודם" (בשלב הראשון "ביטול", שיוצא מהאשף).',
  },
  GO_TO_STEP: {
    en: 'The broker picks a step: an edit link on the review, the stepper, or a section of the property page.',
    he: 'בחירה בשלב: קישור עריכה בסקירה, סרגל השלבים או חלק בדף הנכס.',
  },
  EDIT: {
    en: 'The broker changes an answer in a form field.',
    he: 'שינוי תשובה בשדה בטופס.',
  },
  SET_KIND: {
    en: 'The broker chooses the kind of property.',
    he: 'בחירת סוג הנכס.',
  },
  ADD_FILES: {
    en: 'The broker adds files: dropped, chosen or photographed.',
    he: 'הוספת קבצים: בגרירה, בבחירה או בצילום.',
  },
  REMOVE_FILE: {
    en: 'The broker removes a file.',
    he: 'הסרת קובץ.',
  },
  REORDER_FILES: {
    en: 'The broker drags a file to another place in its list.',
    he: 'גרירת קובץ למקום אחר ברשימה.',
  },
  SET_CAPTION: {
    en: 'The broker types a caption under a photo.',
    he: 'הקלדת כיתוב מתחת לתמונה.',
  },
  SAVE: {
    en: 'The broker presses "save draft" to store it on the server.',
    he: 'לחיצה על "שמירת טיוטה" כדי לשמור אותה בשרת.',
  },
  FLUSH: {
    en: 'The draft must be written now: the tab was hidden, the step changed or a server save finished.',
    he: 'צריך לכתוב את הטיוטה עכשיו: הלשונית הוסתרה, השלב התחלף או ששמירה בשרת הסתיימה.',
  },
  CLEAR: {
    en: 'The broker empties the draft to start again.',
    he: 'ריקון הטיוטה כדי להתחיל מחדש.',
  },
  PUBLISH: {
    en: 'The broker presses "publish" (for a published property: "save changes").',
    he: 'לחיצה על "פרסום" (בנכס שכבר פורסם: "שמירת השינויים").',
  },
  SCHEDULE_AUTOSAVE: {
    en: 'A change was made, so the autosave waits for a pause (the wizard sends this to itself).',
    he: 'נעשה שינוי, ולכן השמירה האוטומטית ממתינה להפסקה (האשף שולח זאת לעצמו).',
  },
} satisfies Record<(PropertyWizardEvent | PropertyWizardInternalEvent)['type'], MachineText>;
