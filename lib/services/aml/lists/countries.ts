/**
 * Country names and codes as sanctions lists write them -> ISO 3166-1 alpha-2.
 *
 * The English names of i18n-iso-countries, plus the spellings the lists use, collected from the
 * public files: OFAC's sdn.csv/add.csv (`Korea, North`, `Burma`, `Congo, Democratic Republic of
 * the`, `Palestinian`, `West Bank`, `Bahamas, The`, `Virgin Islands, British`, `Cote d Ivoire`,
 * `Region: Crimea`, `possibly Palestinian`), the UN consolidated XML (`Iran (Islamic Republic of)`,
 * `Democratic People's Republic of Korea`, `State of Palestine`, `Türkiye`, `Viet Nam`, `China, Hong
 * Kong Special Administrative Region`, `United Kingdom of Great Britain and Northern Ireland`, `na`)
 * and Moov Watchman's test data. Comparison ignores case, diacritics and punctuation.
 *
 * Names of states that no longer exist (USSR, Yugoslavia, Serbia and Montenegro, Netherlands
 * Antilles) and placeholders (`undetermined`, `na`, EU's `00`) answer null: a guess would put a
 * wrong country on an entry. `Crimea` answers UA. A bare `Congo` is the Republic of the Congo (CG),
 * as the UN writes it; the Democratic Republic is always written out.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

/** Spellings of the lists that the library does not know (or knows ambiguously), by code; null: no country. */
const SPELLINGS: Record<string, string | null> = {
  Iran: 'IR',
  'Iran (Islamic Republic of)': 'IR',
  'Islamic Republic of Iran': 'IR',
  Russia: 'RU',
  'Russian Federation': 'RU',
  Syria: 'SY',
  'Syrian Arab Republic': 'SY',
  'Korea, North': 'KP',
  'North Korea': 'KP',
  "Democratic People's Republic of Korea": 'KP',
  DPRK: 'KP',
  'Korea, South': 'KR',
  'South Korea': 'KR',
  'Republic of Korea': 'KR',
  Burma: 'MM',
  Myanmar: 'MM',
  'Congo, Democratic Republic of the': 'CD',
  'Democratic Republic of the Congo': 'CD',
  'Democratic Republic of Congo': 'CD',
  DRC: 'CD',
  'DR Congo': 'CD',
  'Congo-Kinshasa': 'CD',
  'Congo, Republic of the': 'CG',
  'Republic of the Congo': 'CG',
  'Congo-Brazzaville': 'CG',
  Congo: 'CG',
  Palestinian: 'PS',
  'Palestinian Authority': 'PS',
  'Palestinian Territories': 'PS',
  'Occupied Palestinian Territory': 'PS',
  'State of Palestine': 'PS',
  Palestine: 'PS',
  'West Bank': 'PS',
  Gaza: 'PS',
  'Gaza Strip': 'PS',
  Venezuela: 'VE',
  "Cote d'Ivoire": 'CI',
  'Ivory Coast': 'CI',
  Turkey: 'TR',
  Türkiye: 'TR',
  Kosovo: 'XK',
  Laos: 'LA',
  "Lao People's Democratic Republic": 'LA',
  Vietnam: 'VN',
  'Viet Nam': 'VN',
  Macedonia: 'MK',
  'Macedonia, The Former Yugoslav Republic of': 'MK',
  'The former Yugoslav Republic of Macedonia': 'MK',
  'North Macedonia': 'MK',
  'Bosnia-Herzegovina': 'BA',
  'Bosnia and Herzegovina': 'BA',
  'The Gambia': 'GM',
  'Gambia, The': 'GM',
  'Bahamas, The': 'BS',
  'The Bahamas': 'BS',
  'Cabo Verde': 'CV',
  'Cape Verde': 'CV',
  Brunei: 'BN',
  Macau: 'MO',
  Macao: 'MO',
  'China, Macao Special Administrative Region': 'MO',
  'Hong Kong': 'HK',
  'China, Hong Kong Special Administrative Region': 'HK',
  Taiwan: 'TW',
  Moldova: 'MD',
  'Republic of Moldova': 'MD',
  Tanzania: 'TZ',
  'United Republic of Tanzania': 'TZ',
  Bolivia: 'BO',
  'Bolivia (Plurinational State of)': 'BO',
  'Venezuela (Bolivarian Republic of)': 'VE',
  UK: 'GB',
  'U.K.': 'GB',
  England: 'GB',
  Scotland: 'GB',
  Wales: 'GB',
  'Northern Ireland': 'GB',
  'Great Britain': 'GB',
  'United Kingdom': 'GB',
  'United Kingdom of Great Britain and Northern Ireland': 'GB',
  USA: 'US',
  'U.S.A.': 'US',
  'U.S.': 'US',
  'United States': 'US',
  'United States of America': 'US',
  UAE: 'AE',
  'Virgin Islands, British': 'VG',
  'British Virgin Islands': 'VG',
  'Virgin Islands, U.S.': 'VI',
  'U.S. Virgin Islands': 'VI',
  'Czech Republic': 'CZ',
  Czechia: 'CZ',
  Swaziland: 'SZ',
  Eswatini: 'SZ',
  'East Timor': 'TL',
  'Timor-Leste': 'TL',
  'Holy See': 'VA',
  Vatican: 'VA',
  Crimea: 'UA',
  'Micronesia, Federated States of': 'FM',
  'St. Kitts and Nevis': 'KN',
  'St. Vincent and the Grenadines': 'VC',
  'St. Lucia': 'LC',
  Curacao: 'CW',
  'Kyrgyz Republic': 'KG',
  'Slovak Republic': 'SK',
  // no country to give
  USSR: null,
  'Soviet Union': null,
  'former Soviet Union': null,
  Yugoslavia: null,
  'ex-Yugoslavia': null,
  'Serbia and Montenegro': null,
  'Netherlands Antilles': null,
  undetermined: null,
  unknown: null,
  na: null,
  'n/a': null,
};

/** Lower case, no diacritics, punctuation as spaces: `Côte d’Ivoire` and `Cote d Ivoire` meet. */
function key(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/gu, ' and ')
    .replace(/[^a-z0-9]+/gu, ' ')
    .trim();
}

let table: Map<string, string | null> | null = null;

function names(): Map<string, string | null> {
  if (table) return table;
  const built = new Map<string, string | null>();
  const ambiguous = new Set<string>();
  for (const [code, list] of Object.entries(countries.getNames('en', { select: 'all' }))) {
    for (const name of list) {
      const k = key(name);
      const known = built.get(k);
      if (known !== undefined && known !== code) ambiguous.add(k);
      else built.set(k, code);
    }
  }
  for (const k of ambiguous) built.set(k, null);
  for (const [spelling, code] of Object.entries(SPELLINGS)) built.set(key(spelling), code);
  table = built;
  return built;
}

/** Whether the text is an ISO 3166-1 alpha-2 code (any case), Kosovo's XK included. */
export function isCountryCode(code: string): boolean {
  return /^[A-Za-z]{2}$/u.test(code) && countries.isValid(code.toUpperCase());
}

const PREFIXES = /^(?:possibly|probably|reportedly|region|the) /u;
const SUFFIXES = / the$/u;

function lookup(text: string): string | null {
  if (/^[A-Z]{2}$/u.test(text) && countries.isValid(text)) return text;
  const table = names();
  const k = key(text);
  if (!k) return null;
  if (table.has(k)) return table.get(k) ?? null;
  if (/^[a-z]{2}$/u.test(k) && countries.isValid(k.toUpperCase())) return k.toUpperCase();
  if (/^[a-z]{3}$/u.test(k)) {
    const alpha2 = countries.alpha3ToAlpha2(k.toUpperCase());
    if (alpha2) return alpha2;
  }
  // `West Bank (Palestinian Authority)`, `possibly Palestinian`, `Region: Crimea`, `the Philippines`
  const withoutParentheses = key(text.replace(/\([^)]*\)/gu, ' '));
  if (withoutParentheses !== k && table.has(withoutParentheses)) return table.get(withoutParentheses) ?? null;
  let trimmed = withoutParentheses;
  while (PREFIXES.test(trimmed) || SUFFIXES.test(trimmed)) trimmed = trimmed.replace(PREFIXES, '').replace(SUFFIXES, '');
  if (trimmed !== k && table.has(trimmed)) return table.get(trimmed) ?? null;
  return null;
}

const memo = new Map<string, string | null>();

/**
 * The ISO 3166-1 alpha-2 code (upper case) of a country name or code as a list writes it, or null
 * when the text names no country we can be sure of. Upper-case two-letter codes are taken as codes
 * (`NA` is Namibia); three-letter codes as alpha-3 (`IRN`).
 */
export function countryCode(text: string): string | null {
  const cleaned = text.replace(/\s+/gu, ' ').trim().replace(/\.$/u, '');
  if (!cleaned) return null;
  const known = memo.get(cleaned);
  if (known !== undefined) return known;
  const code = lookup(cleaned);
  if (memo.size > 20_000) memo.clear();
  memo.set(cleaned, code);
  return code;
}
