/**
 * The Hebrew texts a seeded property is drawn from (the registry's samples, property-fields.ts, name
 * them): real cities and streets, pitches in a broker's words, a tour that opens. Only the seed reads
 * them; the browser's bundles drop them with the samples.
 */
import type { PropertyKind } from './property-options';

/** Real cities, weighted roughly by how much commercial space they have. */
export const SAMPLE_CITIES = [
  ['תל אביב-יפו', 14],
  ['ירושלים', 8],
  ['חיפה', 7],
  ['פתח תקווה', 6],
  ['ראשון לציון', 5],
  ['רמת גן', 6],
  ['הרצליה', 5],
  ['נתניה', 4],
  ['אשדוד', 4],
  ['באר שבע', 4],
  ['חולון', 3],
  ['רעננה', 3],
  ['מודיעין', 2],
  ['קריית גת', 2],
  ['אור יהודה', 2],
  ['בני ברק', 2],
  ['כפר סבא', 2],
  ['רחובות', 2],
  ['אשקלון', 2],
  ['נצרת', 1],
  ['קיסריה', 1],
  ['יקנעם עילית', 1],
  ['ראש העין', 2],
  ['לוד', 1],
] as const;

/** Streets of town centres and business districts (offices, retail). */
export const CENTRAL_STREETS = [
  'הרצל',
  'ויצמן',
  "ז'בוטינסקי",
  'בן גוריון',
  'רוטשילד',
  'אלנבי',
  'דרך מנחם בגין',
  'העצמאות',
  'שדרות הנשיא',
  'יפו',
  'סוקולוב',
  'אחד העם',
  'דרך השלום',
  'קרן היסוד',
  'אבא הלל סילבר',
  'ההסתדרות',
  'שדרות ירושלים',
  'מבצע קדש',
  'המלך ג׳ורג׳',
  'דיזנגוף',
  'אבן גבירול',
  'הנביאים',
  'בר כוכבא',
  'הגפן',
] as const;

/** Streets of industrial zones (logistics, industry). */
export const INDUSTRIAL_STREETS = [
  'המסגר',
  'הברזל',
  'התעשייה',
  'המלאכה',
  'החרושת',
  'היוזמה',
  'המדע',
  'הסדנא',
  'הנגר',
  'הצורף',
  'האומן',
  'הפלדה',
  'המפעל',
  'הקדמה',
  'דרך המשק',
] as const;

/** What a broker writes when the usage is none of the listed ones. */
export const OTHER_USAGE_TEXTS = [
  'חדר כושר בוטיק',
  'מעבדת שיניים',
  'אחסון ארכיונים',
  'סטודיו להקלטות',
] as const;

/** A broker's pitch, per kind. */
export const SAMPLE_DESCRIPTIONS = {
  offices: [
    'קומה שלמה עם נוף פתוח, חלוקה ל-12 חדרים, חדר ישיבות גדול ומטבחון.',
    'משרדים מרוהטים מוכנים לכניסה, 3 דקות הליכה מהרכבת.',
    'חלל פתוח בבניין משרדים מתחדש, אפשרות לתכנון לפי דרישת השוכר.',
  ],
  retail: [
    'חזית מסחרית לרחוב ראשי, תנועת הולכי רגל ערה כל היום.',
    'חנות פינתית עם חלונות ראווה לשני רחובות ומחסן צמוד.',
    'מתאים למסעדה: הכנה לארובה, מפריד שומנים וחיבור גז.',
  ],
  logistics: [
    'מרכז לוגיסטי עם חצר תפעולית רחבה וגישה נוחה לכביש 6.',
    'מחסן יבש עם מערכת ספרינקלרים ורמפות הידראוליות.',
  ],
  industry: [
    'מבנה תעשייה עם עגורן גשר, חשמל תלת-פאזי ומשרדים בגלריה.',
    'אולם ייצור גבוה עם חצר פריקה פרטית, מתאים לתעשייה קלה.',
  ],
} as const satisfies Record<PropertyKind, readonly string[]>;

/** Matterport's public sample model: a seeded tour that opens. */
export const SAMPLE_TOURS = ['https://my.matterport.com/show/?m=SxQL3iGyoDo'] as const;
