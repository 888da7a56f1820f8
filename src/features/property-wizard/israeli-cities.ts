/**
 * Suggestions for the city field: Israel's main cities and commercial hubs, in each language as
 * brokers write them. Suggestions only; any city may be typed.
 */
const CITIES: ReadonlyArray<{ he: string; en: string }> = [
  { he: 'תל אביב-יפו', en: 'Tel Aviv-Yafo' },
  { he: 'ירושלים', en: 'Jerusalem' },
  { he: 'חיפה', en: 'Haifa' },
  { he: 'ראשון לציון', en: 'Rishon LeZion' },
  { he: 'פתח תקווה', en: 'Petah Tikva' },
  { he: 'אשדוד', en: 'Ashdod' },
  { he: 'נתניה', en: 'Netanya' },
  { he: 'באר שבע', en: "Be'er Sheva" },
  { he: 'בני ברק', en: 'Bnei Brak' },
  { he: 'חולון', en: 'Holon' },
  { he: 'רמת גן', en: 'Ramat Gan' },
  { he: 'רחובות', en: 'Rehovot' },
  { he: 'אשקלון', en: 'Ashkelon' },
  { he: 'בת ים', en: 'Bat Yam' },
  { he: 'הרצליה', en: 'Herzliya' },
  { he: 'כפר סבא', en: 'Kfar Saba' },
  { he: 'חדרה', en: 'Hadera' },
  { he: 'מודיעין-מכבים-רעות', en: "Modi'in-Maccabim-Re'ut" },
  { he: 'רעננה', en: "Ra'anana" },
  { he: 'הוד השרון', en: 'Hod HaSharon' },
  { he: 'לוד', en: 'Lod' },
  { he: 'רמלה', en: 'Ramla' },
  { he: 'ראש העין', en: 'Rosh HaAyin' },
  { he: 'גבעתיים', en: 'Givatayim' },
  { he: 'קריית גת', en: 'Kiryat Gat' },
  { he: 'נצרת', en: 'Nazareth' },
  { he: 'עפולה', en: 'Afula' },
  { he: 'כרמיאל', en: 'Karmiel' },
  { he: 'יבנה', en: 'Yavne' },
  { he: 'אילת', en: 'Eilat' },
  { he: 'יקנעם עילית', en: "Yokne'am Illit" },
  { he: 'קיסריה', en: 'Caesarea' },
  { he: 'אור יהודה', en: 'Or Yehuda' },
  { he: 'נס ציונה', en: 'Ness Ziona' },
  { he: 'קריית אתא', en: 'Kiryat Ata' },
  { he: 'שוהם', en: 'Shoham' },
];

export function citySuggestions(language: 'he' | 'en'): string[] {
  return CITIES.map((city) => city[language]);
}
