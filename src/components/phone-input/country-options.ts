import { listPhoneCountries, type PhoneCountry } from '@domain/phone';

export interface CountryOption extends PhoneCountry {
  /** In the UI language, from Intl.DisplayNames. */
  name: string;
  /** Lower-cased, accent-free localized and English names, matched by search. */
  searchNames: readonly string[];
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase();

const namersByLanguage = new Map<string, (code: string) => string>();

function displayNamesFor(language: string): (code: string) => string {
  let namer = namersByLanguage.get(language);
  if (!namer) {
    namer = createNamer(language);
    namersByLanguage.set(language, namer);
  }
  return namer;
}

function createNamer(language: string): (code: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  } catch {
    names = undefined;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/** One country's name in the UI language: what the closed picker shows, without building the whole list. */
export function countryNameFor(language: string, code: string): string {
  return displayNamesFor(language)(code);
}

const optionsByLanguage = new Map<string, readonly CountryOption[]>();

/** Every country with its localized name, sorted by that name; built once per language. */
export function countryOptionsFor(language: string): readonly CountryOption[] {
  const cached = optionsByLanguage.get(language);
  if (cached) return cached;
  const localName = displayNamesFor(language);
  // Hebrew-speaking users still type 'Israel' or 'USA' in Latin letters, so English names match too.
  const englishName = displayNamesFor('en');
  const collator = new Intl.Collator(language);
  const options = listPhoneCountries()
    .map((country): CountryOption => {
      const name = localName(country.code);
      return {
        code: country.code,
        dialCode: country.dialCode,
        flag: country.flag,
        get placeholder() {
          return country.placeholder;
        },
        name,
        searchNames: [fold(name), fold(englishName(country.code))],
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
  optionsByLanguage.set(language, options);
  return options;
}

/**
 * Matches a country by name (either language), ISO code or dial code ('972', '+972'). Best matches
 * first: the exact code, then names that start with the query, then names that merely contain it.
 */
export function filterCountryOptions(
  options: readonly CountryOption[],
  query: string,
): readonly CountryOption[] {
  const folded = fold(query.trim());
  if (folded === '') return options;

  const dialDigits = folded.replace(/^\+/, '');
  if (/^\d+$/.test(dialDigits)) {
    return options.filter((option) => option.dialCode.slice(1).startsWith(dialDigits));
  }

  const ranked: { option: CountryOption; rank: number }[] = [];
  for (const option of options) {
    let rank = Number.POSITIVE_INFINITY;
    if (option.code.toLowerCase() === folded) rank = 0;
    else if (option.searchNames.some((name) => name.startsWith(folded))) rank = 1;
    else if (
      option.searchNames.some((name) => name.split(/[\s\-–()]+/).some((word) => word.startsWith(folded)))
    )
      rank = 2;
    else if (option.searchNames.some((name) => name.includes(folded))) rank = 3;
    if (rank !== Number.POSITIVE_INFINITY) ranked.push({ option, rank });
  }
  // Array.prototype.sort is stable, so each rank keeps the alphabetical order of the full list.
  return ranked.sort((a, b) => a.rank - b.rank).map(({ option }) => option);
}
