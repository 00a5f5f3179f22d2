/**
 * Name preparation: one written name -> the tokens the matcher compares (docs/aml-matcher.md).
 *
 *   "DOE, John Michael"            -> john michael doe   (person: "Surname, Given names" turned round)
 *   "Dr. José O'Brien-Pérez"       -> jose obrien perez  (honorific dropped, diacritics removed,
 *                                                         apostrophe joined, hyphen splits)
 *   "Александр Иванов"             -> aleksandr ivanov   (any-ascii transliteration)
 *   "Ahmed al-Rashid"              -> ahmed rashid       (particle dropped)
 *   "Acme Trading Co., Ltd."       -> acme trading       (organization: legal forms dropped)
 *   "محمد بن راشد"                 -> *mhmd *rshd        (Arabic script: consonant skeleton, marked `*`)
 *   "张秀英"                        -> zhang xiuying      (Chinese: surname, then the given name joined)
 *   "김성호"                        -> kim seongho        (Korean: family name as usually spelt, given name joined)
 *   "Đorđe"                        -> djordje            (Serbo-Croatian đ written dj)
 *   "رضا کاظمی"                    -> *rza *kazmy        (Persian script: ض ظ ذ z as Persian reads them)
 *
 * Ideas from Moov Watchman's `internal/prepare` pipeline (lower case and punctuation, Unicode marks
 * removed, company suffixes dropped, "Surname, Given" reordered, stopwords for non-persons) and from
 * OpenSanctions' nomenklatura/rigour (name parts, `clean_name_ascii`, org types removed from
 * fingerprints). Every list below is tested (tests/unit/aml-match-normalize.test.ts).
 */
import anyAscii from 'any-ascii';

/** How a name is prepared: persons and organizations (vessels and aircraft too) differ in what is dropped. */
export type NameGroup = 'PERSON' | 'ORGANIZATION';

/** Marks a token transliterated from an abjad script (Arabic, Hebrew, Syriac, Thaana): written without short vowels. */
export const ABJAD_MARK = '*';

/**
 * Titles that are also given names ("Cheikh Tidiane", "Sheikh Hasina"): dropped as a title only
 * when two other names remain (another given name and a surname), kept as the given name
 * otherwise ("Cheikh Ould Mahjoub" -> cheikh mahjoub).
 */
export const GIVEN_NAME_TITLES: ReadonlySet<string> = new Set(['sheikh', 'shaikh', 'sheik', 'shaykh', 'cheikh']);

/** Titles and honorifics, dropped from person names wherever they stand (GIVEN_NAME_TITLES as said there). */
export const HONORIFICS: ReadonlySet<string> = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'mister',
  'madam',
  'madame',
  'mme',
  'mlle',
  'herr',
  'frau',
  'dr',
  'doctor',
  'prof',
  'professor',
  'sir',
  'dame',
  'lord',
  'lady',
  'hon',
  'honorable',
  'honourable',
  'rev',
  'reverend',
  'sheikh',
  'shaikh',
  'sheik',
  'shaykh',
  'cheikh',
  'haji',
  'hajji',
  'hadji',
  'hajj',
  'alhaji',
  'alhaj',
  'hajja',
  'hajjah',
  'mullah',
  'mulla',
  'maulana',
  'mawlana',
  'ayatollah',
  'hojatoleslam',
  'seyed',
  'seyyed',
  'gen',
  'col',
  'maj',
  'capt',
  'lt',
  'brig',
  'adm',
  'sgt',
  'cpt',
  'jr',
  'jnr',
  'sr',
  'snr',
  'ii',
  'iii',
  'iv',
]);

/**
 * Particles of person names: Arabic article and filiation (al, bin, ibn; the Mauritanian ould,
 * wuld "son of"), Dutch and Flemish (van, der, den, ter, ten, and the Flemish vanden, vander, vande,
 * vd), German, Iberian, French and Italian particles. Dropped when another token follows, so
 * "al-Rashid" ~ "Rashid" and "van der Berg" ~ "Berg"; the ambiguous short ones (le, la, da, di, du,
 * do, e, y, ter, ten, zu) are kept in the first place, where they are more often a name ("Le Van
 * Thanh", "Da Silva" both work). Glued forms ("Alrashid", "Vanderberg", "Terhorst", "Delacruz")
 * are handled by gluedParticleStem().
 */
export const PARTICLES: ReadonlySet<string> = new Set([
  'al',
  'el',
  'ul',
  'bin',
  'ibn',
  'bint',
  'binti',
  'bent',
  'ould',
  'wuld',
  'van',
  'von',
  'der',
  'den',
  'vanden',
  'vander',
  'vande',
  'vd',
  'de',
  'del',
  'della',
  'dos',
  'das',
  'le',
  'la',
  'da',
  'di',
  'du',
  'do',
  'e',
  'y',
  'ter',
  'ten',
  'zu',
]);
const PARTICLES_KEPT_FIRST: ReadonlySet<string> = new Set(['le', 'la', 'da', 'di', 'du', 'do', 'e', 'y', 'ter', 'ten', 'zu']);
/** The same particles as they come out of an Arabic-script word (بن, ابن, بنت). */
const ABJAD_PARTICLES: ReadonlySet<string> = new Set(['bn', 'bnt', 'bnu']);

/**
 * Legal forms as abbreviations or single words, dropped from organization names at either end
 * (repeatedly: "Co., Ltd."), written as the tokens they become ("S.A." -> "s a", "A/S" -> "a s",
 * "A.Ş." -> "a s"). International, with the CIS, Gulf and Asian forms sanctions lists are full of.
 */
export const LEGAL_FORMS: readonly string[] = [
  // English
  'llc',
  'l l c',
  'ltd',
  'limited',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'p l c',
  'llp',
  'l l p',
  'lp',
  'l p',
  'pty',
  'pty ltd',
  'pvt',
  'pvt ltd',
  'lc',
  'pllc',
  // vessel prefixes (vessels are screened as organizations)
  'mv',
  'm v',
  'mt',
  'm t',
  'mts',
  'fv',
  // German, Dutch, Nordic, Swiss
  'gmbh',
  'mbh',
  'ag',
  'kg',
  'ohg',
  'ug',
  'gbr',
  'e v',
  'ev',
  'kgaa',
  'gmbh co kg',
  'bv',
  'b v',
  'nv',
  'n v',
  'vof',
  'cv',
  'c v',
  'aktiengesellschaft',
  'kommanditgesellschaft',
  'oy',
  'oyj',
  'ab',
  'publ',
  'as',
  'a s',
  'asa',
  'aps',
  'a p s',
  'hf',
  'ehf',
  'aktiebolag',
  'aktiebolaget',
  'osakeyhtio',
  // Romance
  'sa',
  's a',
  'sas',
  's a s',
  'sarl',
  's a r l',
  'sl',
  's l',
  'srl',
  's r l',
  'spa',
  's p a',
  'sapa',
  'snc',
  'sae',
  'sab',
  'sac',
  'sa de cv',
  's a de c v',
  'sab de cv',
  'de cv',
  's de rl',
  's de r l',
  'ltda',
  'eirl',
  'scs',
  'sca',
  'sce',
  // Central and Eastern Europe, Turkey, CIS
  'ooo',
  'zao',
  'oao',
  'pao',
  'ao',
  'tov',
  'pjsc',
  'ojsc',
  'cjsc',
  'jsc',
  'psc',
  'ojsc',
  'ip',
  'chp',
  'up',
  'gup',
  'fgup',
  'mup',
  'nao',
  'doo',
  'd o o',
  'dd',
  'd d',
  'ad',
  'a d',
  'sro',
  's r o',
  'spol s r o',
  'sp z o o',
  'spzoo',
  'sa',
  'kft',
  'zrt',
  'nyrt',
  'rt',
  'bt',
  'srl',
  'ood',
  'eood',
  'reszvenytarsasag',
  'sti',
  'ltd sti',
  // Gulf, Asia
  'fzco',
  'fze',
  'fzc',
  'fz llc',
  'fzllc',
  'dmcc',
  'wll',
  'w l l',
  'spc',
  'pt',
  'p t',
  'tbk',
  'pt tbk',
  'bhd',
  'sdn',
  'sdn bhd',
  'berhad',
  'kk',
  'k k',
  'yk',
  'y k',
  'gk',
  'g k',
  'jsc',
  'co ltd',
  'cie',
  'et cie',
  'as',
  'se',
  'sce',
  'pte',
  'pte ltd',
  'hk',
  'hkg',
];

/**
 * Legal forms written out in words (diacritics gone, as the tokens they become): dropped only at
 * the end of an organization's name, where these languages put them, so that a name that starts
 * with the words ("Societe Anonyme des Mines") keeps them.
 */
export const LEGAL_FORMS_WRITTEN_OUT: readonly string[] = [
  'private limited',
  'private limited company',
  'public limited company',
  'proprietary limited',
  'proprietary limited company',
  'limited liability partnership',
  'limited partnership',
  'spolka z ograniczona odpowiedzialnoscia',
  'spolka akcyjna',
  'spolka komandytowa',
  'spolka jawna',
  'anonim sirketi',
  'limited sirketi',
  'korlatolt felelossegu tarsasag',
  'zartkoruen mukodo reszvenytarsasag',
  'nyilvanosan mukodo reszvenytarsasag',
  'gesellschaft mit beschrankter haftung',
  'gesellschaft mit beschraenkter haftung',
  'offene handelsgesellschaft',
  'societe anonyme',
  'societe a responsabilite limitee',
  'societe par actions simplifiee',
  'sociedad anonima',
  'sociedad de responsabilidad limitada',
  'sociedad limitada',
  'societa per azioni',
  'societa a responsabilita limitata',
  'besloten vennootschap',
  'besloten vennootschap met beperkte aansprakelijkheid',
  'naamloze vennootschap',
  'julkinen osakeyhtio',
  'sendirian berhad',
];

/**
 * Legal forms written out that a language puts first, dropped at either end: Japanese
 * (株式会社 before or after the name), Indonesian (PT), and the CIS forms as lists translate them
 * ("LIMITED LIABILITY COMPANY ROMASHKA", "OPEN JOINT STOCK COMPANY ...", from OOO, OAO first).
 */
export const LEGAL_FORMS_LEADING: readonly string[] = [
  'kabushiki kaisha',
  'yugen kaisha',
  'godo kaisha',
  'perseroan terbatas',
  'limited liability company',
  'joint stock company',
  'open joint stock company',
  'closed joint stock company',
  'public joint stock company',
  'private joint stock company',
];

/** Common words dropped from organization names (when `dropCommonWords`, the default). */
export const COMMON_WORDS: ReadonlySet<string> = new Set(['the', 'and', 'of', 'for', 'und', 'et', 'des', 'du', 'de', 'la', 'le', 'el', 'al', 'der', 'die', 'das', 'y', 'an']);

/**
 * Words that half the companies of a list carry: they are kept (they do tell names apart a little)
 * but weigh half in the name score, so "Golden Star General Trading" is not "Golden Sun General Trading".
 */
export const GENERIC_ORG_WORDS: ReadonlySet<string> = new Set([
  'trading',
  'trade',
  'traders',
  'general',
  'international',
  'intl',
  'global',
  'group',
  'holding',
  'holdings',
  'industries',
  'industrial',
  'industry',
  'enterprise',
  'enterprises',
  'services',
  'service',
  'investment',
  'investments',
  'import',
  'export',
  'commercial',
  'commerce',
  'shipping',
  'logistics',
  'consulting',
  'solutions',
  'management',
  'development',
  'resources',
  'capital',
  'partners',
  'associates',
  'finance',
  'financial',
  'technologies',
  'technology',
  'tech',
  'systems',
  'construction',
  'contracting',
  'engineering',
  'energy',
  'petroleum',
  'oil',
  'gas',
  'bank',
  'banking',
  'exchange',
  'agency',
  'marine',
  'maritime',
  'airlines',
  'air',
  'transport',
  'supply',
  'supplies',
  'products',
  'manufacturing',
  'foundation',
  'establishment',
  'est',
  'organization',
  'organisation',
  'center',
  'centre',
  'office',
  'national',
  'united',
  'new',
  'world',
  'ventures',
  'venture',
  'equipment',
  'electronics',
  'import export',
]);

/**
 * Given-name spelling variants that Jaro-Winkler alone scores too low (different vowels AND
 * consonant clusters), in the spirit of nomenklatura's name symbol tables: each group names one
 * person the way different transliteration conventions write it. Compared as 0.95 (not 1).
 */
export const NAME_VARIANTS: readonly (readonly string[])[] = [
  ['mohammed', 'muhammad', 'mohamed', 'mohammad', 'mohamad', 'muhammed', 'mohammod', 'mohamud', 'mehmet', 'mehmed', 'mohd', 'md', 'muhamad', 'mukhammad', 'magomed'],
  ['ahmed', 'ahmad', 'akhmed', 'ahmet', 'achmed'],
  ['mahmoud', 'mahmud', 'mahmood', 'mahmut', 'makhmud'],
  ['yusuf', 'yousef', 'youssef', 'yusef', 'yousif', 'yousuf', 'yusif', 'youcef', 'iusuf'],
  ['hussein', 'husain', 'hussain', 'husayn', 'hossein', 'huseyin', 'husein', 'hosein', 'houssein'],
  ['hassan', 'hasan', 'hasson', 'khasan'],
  ['omar', 'umar', 'omer'],
  ['osman', 'othman', 'uthman', 'usman', 'usmon'],
  ['suleiman', 'sulaiman', 'sulayman', 'soliman', 'suleyman', 'sleiman', 'sulaymon'],
  ['abdullah', 'abdallah', 'abdulla', 'abdalla', 'abdellah', 'abdollah'],
  ['ibrahim', 'ebrahim', 'ibragim', 'brahim', 'ibrahima'],
  ['ismail', 'ismael', 'ismayil', 'ismoil', 'esmail'],
  ['khalid', 'khaled', 'halid', 'chalid'],
  ['said', 'saeed', 'saed', 'saied'],
  ['sayyid', 'sayed', 'sayyed', 'sayid', 'syed'],
  ['mustafa', 'mostafa', 'moustafa', 'mustapha', 'mustafo'],
  ['abbas', 'abas'],
  ['jafar', 'jaafar', 'jafer', 'dzhafar'],
  ['qasim', 'kasim', 'kassim', 'qassim', 'qasem', 'ghasem'],
  ['aleksandr', 'alexander', 'alexandr', 'aleksander', 'oleksandr', 'alexandre', 'aleksandar', 'alessandro', 'alejandro'],
  ['aleksey', 'alexei', 'alexey', 'aleksei', 'oleksiy', 'oleksii'],
  ['sergey', 'sergei', 'serguei', 'sergiy', 'serhiy', 'serhii'],
  ['yuriy', 'yuri', 'yury', 'iurii', 'jurij', 'juri', 'yurii'],
  ['dmitriy', 'dmitry', 'dmitri', 'dmytro', 'dimitri', 'dimitry'],
  ['andrey', 'andrei', 'andriy', 'andrii', 'andrej'],
  ['evgeniy', 'evgeny', 'yevgeny', 'yevgeniy', 'evgeni', 'yevhen', 'evgenii', 'eugene'],
  ['nikolay', 'nikolai', 'mykola', 'nicolai'],
  ['mikhail', 'mikhael', 'mykhailo', 'michail'],
  ['vyacheslav', 'viacheslav', 'vjaceslav'],
  ['yuliya', 'yulia', 'iuliia', 'julia', 'yuliia'],
  ['natalya', 'natalia', 'nataliya', 'natalja'],
  ['tatyana', 'tatiana', 'tetiana', 'tatjana'],
  ['elena', 'yelena', 'jelena', 'olena'],
  ['georgios', 'giorgos', 'yiorgos', 'georgiy', 'georgi'],
  ['dimitrios', 'dimitris', 'demetrios'],
  ['ioannis', 'yiannis', 'giannis', 'ioannes'],
  ['christos', 'hristos', 'khristos'],
  ['konstantinos', 'constantinos', 'kostas', 'konstantin', 'constantin'],
  // Korean family names: Revised Romanization, McCune-Reischauer and the spellings their holders use
  ['kim', 'gim'],
  ['lee', 'yi', 'rhee', 'ri', 'rhie'],
  ['park', 'pak', 'bak'],
  ['choi', 'choe', 'choy'],
  ['jung', 'chung', 'jeong', 'joung', 'cheong'],
  ['kang', 'gang'],
  ['cho', 'jo'],
  ['yoon', 'yun', 'youn'],
  ['jang', 'chang'],
  ['lim', 'im', 'rim', 'lym'],
  ['shin', 'sin', 'shinn'],
  ['oh', 'o'],
  ['seo', 'suh'],
  ['kwon', 'gwon', 'kweon'],
  ['ahn', 'an'],
  ['ryu', 'yoo', 'yu', 'rhyu', 'lyu'],
  ['jeon', 'chun', 'jun', 'chon'],
  ['ko', 'go', 'koh'],
  ['moon', 'mun'],
  ['son', 'sohn'],
  ['bae', 'pae'],
  ['baek', 'paek', 'paik', 'baik'],
  ['heo', 'hur', 'huh'],
  ['noh', 'roh', 'no', 'ro'],
];

/**
 * How Arabic script writes some variant groups, as their consonant skeleton (similarity.ts
 * abjadSkeleton): a Latin "Mohammed" then matches محمد "mhmd" exactly and is told apart from
 * محمود "mhmwd" (Mahmoud), which the skeleton alone, long vowels dropped, could not.
 */
export const VARIANT_ABJAD_SKELETONS: ReadonlyMap<string, string> = new Map([
  ['mohammed', 'mhmd'],
  ['ahmed', 'hmd'],
  ['mahmoud', 'mhmwd'],
  ['yusuf', 'ywsf'],
  ['hussein', 'hsyn'],
  ['hassan', 'hsn'],
  ['omar', 'mr'],
  ['khalid', 'khld'],
  ['ibrahim', 'brhym'],
  ['mustafa', 'mstf'],
  ['qasim', 'ksm'],
  ['suleiman', 'slymn'],
  ['osman', 'smn'],
  ['abdullah', 'bdl'],
]);

/** token -> its variant group's first spelling */
export const VARIANT_CANON: ReadonlyMap<string, string> = new Map(NAME_VARIANTS.flatMap((group) => group.map((v) => [v, group[0]!] as const)));

/** Every legal form as its tokens, longest first, and whether it may be dropped at the start too. */
const LEGAL_FORM_SEQUENCES: readonly { tokens: readonly string[]; atStart: boolean }[] = [
  ...[...new Set([...LEGAL_FORMS, ...LEGAL_FORMS_LEADING])].map((f) => ({ tokens: f.split(' '), atStart: true })),
  ...LEGAL_FORMS_WRITTEN_OUT.map((f) => ({ tokens: f.split(' '), atStart: false })),
].sort((a, b) => b.tokens.length - a.tokens.length);

const ABJAD_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
/** Letters Persian (and Urdu) write and Arabic does not: پ چ ژ گ ک ی. */
const PERSIAN_LETTERS = /[\u067E\u0686\u0698\u06AF\u06A9\u06CC]/u;
/** ض ظ ذ, which Persian reads z like ز (رضا Reza, کاظمی Kazemi; Arabic reads them d, z/dh, dh). */
const PERSIAN_Z = /[\u0636\u0638\u0630]/gu;
/** Letters only Vietnamese writes (ă ơ ư and the tone-marked vowels): there đ is d, not dj. */
const VIETNAMESE_LETTERS = /[\u0102\u0103\u01A0\u01A1\u01AF\u01B0\u1EA0-\u1EF9]/u;
/** A person's name in Hangul only (the family name and the given name, spaced or not). */
const HANGUL_NAME = /^[\p{Script=Hangul}\s,·.]*\p{Script=Hangul}[\p{Script=Hangul}\s,·.]*$/u;
const HANGUL_LETTER = /\p{Script=Hangul}/gu;

/**
 * Korean family names as their holders usually spell them in Latin letters (any-ascii writes the
 * Revised Romanization of each syllable: 김 "gim", 이 "i", 박 "bag"); the other spellings of the
 * common ones are variant groups in NAME_VARIANTS (Kim/Gim, Lee/Yi/Rhee, Park/Pak/Bak...). The
 * two-syllable family names are taken whole.
 */
export const KOREAN_FAMILY_NAMES: ReadonlyMap<string, string> = new Map([
  ['김', 'kim'],
  ['이', 'lee'],
  ['리', 'ri'],
  ['박', 'park'],
  ['최', 'choi'],
  ['정', 'jung'],
  ['강', 'kang'],
  ['조', 'cho'],
  ['윤', 'yoon'],
  ['장', 'jang'],
  ['임', 'lim'],
  ['림', 'rim'],
  ['한', 'han'],
  ['오', 'oh'],
  ['서', 'seo'],
  ['신', 'shin'],
  ['권', 'kwon'],
  ['황', 'hwang'],
  ['안', 'ahn'],
  ['송', 'song'],
  ['류', 'ryu'],
  ['유', 'yoo'],
  ['홍', 'hong'],
  ['전', 'jeon'],
  ['고', 'ko'],
  ['문', 'moon'],
  ['양', 'yang'],
  ['손', 'son'],
  ['배', 'bae'],
  ['백', 'baek'],
  ['허', 'heo'],
  ['남', 'nam'],
  ['노', 'noh'],
  ['로', 'roh'],
  ['심', 'shim'],
  ['하', 'ha'],
  ['곽', 'kwak'],
  ['성', 'sung'],
  ['차', 'cha'],
  ['주', 'joo'],
  ['우', 'woo'],
  ['구', 'koo'],
  ['민', 'min'],
  ['진', 'jin'],
  ['나', 'na'],
  ['엄', 'um'],
  ['채', 'chae'],
  ['원', 'won'],
  ['천', 'cheon'],
  ['방', 'bang'],
  ['공', 'kong'],
  ['현', 'hyun'],
  ['함', 'ham'],
  ['변', 'byun'],
  ['염', 'yeom'],
  ['여', 'yeo'],
  ['추', 'choo'],
  ['석', 'seok'],
  ['선', 'sun'],
  ['설', 'seol'],
  ['길', 'gil'],
  ['연', 'yeon'],
  ['표', 'pyo'],
  ['명', 'myung'],
  ['기', 'ki'],
  ['금', 'keum'],
  ['육', 'yook'],
  ['탁', 'tak'],
  ['국', 'kook'],
  ['경', 'kyung'],
  ['남궁', 'namgoong'],
  ['황보', 'hwangbo'],
  ['제갈', 'jegal'],
  ['선우', 'sunwoo'],
  ['독고', 'dokgo'],
  ['사공', 'sagong'],
  ['서문', 'seomun'],
]);

/**
 * A Korean name in Hangul, family name first as Korean writes it: the family name (its first
 * syllable, or a two-syllable family name) as usually spelt, then the given name's syllables
 * joined, as any-ascii writes them ("김성호" -> "kim seongho", "남궁민수" -> "namgoong minsu").
 */
function koreanName(name: string): string {
  const letters = (name.match(HANGUL_LETTER) ?? []).join('');
  const familyLength = letters.length > 2 && KOREAN_FAMILY_NAMES.has(letters.slice(0, 2)) ? 2 : 1;
  const family = letters.slice(0, familyLength);
  const given = letters.slice(familyLength);
  return `${KOREAN_FAMILY_NAMES.get(family) ?? anyAscii(family)}${given ? ` ${anyAscii(given).toLowerCase()}` : ''}`;
}
const HAN_SCRIPT = /\p{Script=Han}/u;
const GREEK_SCRIPT = /\p{Script=Greek}/u;
const APOSTROPHES = /['`\u2018\u2019\u201B\u02BB\u02BC\u02BD\u02BE\u02BF\u00B4\u2032]/g;
const ARABIC_ARTICLE = /^\u0627\u0644(?=.{2,})/u; // ال before a word of 2+ letters
const ARABIC_ABD_GLUED = /^(\u0639\u0628\u062F)\s*\u0627\u0644(.{3,})$/u; // عبد + ال + a name of 3+ letters (not عبدالله)

/**
 * The word transliterated to ASCII, with Greek fixed to the ELOT-style spellings passports use.
 * `persian`: the name is in Persian (or Urdu) script, where ض ظ ذ are z.
 */
function transliterateWord(word: string, group: NameGroup, persian: boolean): { text: string; abjad: boolean } {
  if (ABJAD_SCRIPT.test(word)) {
    if (persian) word = word.replace(PERSIAN_Z, '\u0632');
    const glued = ARABIC_ABD_GLUED.exec(word);
    if (glued) return { text: `${anyAscii(glued[1]!)} ${anyAscii(glued[2]!)}`, abjad: true };
    return { text: anyAscii(word.replace(ARABIC_ARTICLE, '')), abjad: true };
  }
  if (HAN_SCRIPT.test(word)) {
    // any-ascii writes one capitalised pinyin syllable per character: "ZhangXiuYing"
    const syllables = anyAscii(word).match(/[A-Z][a-z]*|[^A-Z]+/g) ?? [];
    if (group === 'PERSON' && syllables.length > 1) return { text: `${syllables[0]} ${syllables.slice(1).join('')}`, abjad: false };
    return { text: syllables.join(''), abjad: false };
  }
  if (GREEK_SCRIPT.test(word)) {
    const t = anyAscii(word)
      .toLowerCase()
      .replace(/oy/g, 'ou')
      .replace(/([ae])y/g, '$1v')
      .replace(/gg/g, 'ng')
      .replace(/^mp/, 'b')
      .replace(/^nt/, 'd')
      .replace(/^gk/, 'g');
    return { text: t, abjad: false };
  }
  return { text: anyAscii(word), abjad: false };
}

/** Splits a string already in ASCII into lower-case tokens: apostrophes join, every other non-alphanumeric separates. */
function asciiTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

/** abdul/abdel/abdur... -> abd; "abdulrahman" -> abd rahman ("Abd al-Rahman" ~ "Abdul Rahman" ~ "Abdulrahman"). */
const ABD_FORMS = /^abd(?:ul|el|al|ol|oul|ur|ar|er|ou|u|i)?$/;
const ABD_GLUED = /^abd(?:ul|el|al|ol|oul|ur|ar|er|ou|u)?([a-z]{4,})$/;
const ABD_KEEP = /^abd(?:ul|el|al|ol|oul|u)?(?:lah|llah|la|lla|allah)$/;

function splitAbd(t: string): string[] {
  if (!t.startsWith('abd')) return [t];
  if (ABD_FORMS.test(t)) return ['abd'];
  const glued = ABD_KEEP.test(t) ? null : ABD_GLUED.exec(t);
  return glued ? ['abd', glued[1]!] : [t];
}

/** The legal-form sequences at either end (the written-out ones at the end only), dropped as long as a token remains: [start, end) of what is kept. */
function legalFormSpan(tokens: readonly string[]): [number, number] {
  let start = 0;
  let end = tokens.length;
  let changed = true;
  while (changed && end - start > 1) {
    changed = false;
    for (const { tokens: form, atStart } of LEGAL_FORM_SEQUENCES) {
      if (form.length >= end - start) continue;
      if (form.every((f, i) => tokens[end - form.length + i] === f)) {
        end -= form.length;
        changed = true;
        break;
      }
      if (atStart && form.every((f, i) => tokens[start + i] === f)) {
        start += form.length;
        changed = true;
        break;
      }
    }
  }
  return [start, end];
}

/** Exactly one comma in a person's name: "DOE, John Michael" is "John Michael DOE". */
function reorderSurnameFirst(name: string): string {
  const parts = name.split(',');
  if (parts.length !== 2) return name;
  const [surname, given] = [parts[0]!.trim(), parts[1]!.trim()];
  return surname && given ? `${given} ${surname}` : name;
}

/**
 * The matcher's tokens of one name, abjad tokens marked with a leading `*` (internal form; the
 * index and the scorer read the mark). Never empty for a name with a letter or digit in it: when
 * dropping would leave nothing, the tokens before that step are kept.
 */
export function prepareTokens(name: string, group: NameGroup, dropCommonWords = true): string[] {
  let text = name.normalize('NFKC');
  if (group === 'PERSON') text = HANGUL_NAME.test(text) ? koreanName(text) : reorderSurnameFirst(text);
  // đ: dj in Serbian, Croatian, Bosnian (any-ascii writes d); d in Vietnamese
  if (/[\u0110\u0111]/u.test(text) && !VIETNAMESE_LETTERS.test(text)) text = text.replace(/\u0110/gu, 'Dj').replace(/\u0111/gu, 'dj');
  const persian = PERSIAN_LETTERS.test(text);
  let tokens: string[] = [];
  let abjad = new Set<number>();
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    const t = transliterateWord(word, group, persian);
    const parts = asciiTokens(t.text);
    if (t.abjad) for (let i = 0; i < parts.length; i++) abjad.add(tokens.length + i);
    tokens.push(...parts);
  }
  const keep = (pred: (t: string, i: number, all: string[]) => boolean) => {
    const kept: string[] = [];
    const keptAbjad = new Set<number>();
    tokens.forEach((t, i) => {
      if (pred(t, i, tokens)) {
        if (abjad.has(i)) keptAbjad.add(kept.length);
        kept.push(t);
      }
    });
    if (kept.length > 0) {
      tokens = kept;
      abjad = keptAbjad;
    }
  };

  if (group === 'PERSON') {
    // Sheikh, Cheikh: a title when two other names remain, else the given name
    const names = tokens.filter((t, i) => abjad.has(i) || (!HONORIFICS.has(t) && !PARTICLES.has(t))).length;
    keep((t, i) => abjad.has(i) || !HONORIFICS.has(t) || (names < 2 && GIVEN_NAME_TITLES.has(t)));
    // a particle goes when another token follows it; the ambiguous short ones stay in the first place
    keep((t, i, all) => {
      const particle = abjad.has(i) ? ABJAD_PARTICLES.has(t) : PARTICLES.has(t);
      if (!particle || i === all.length - 1) return true;
      return i === 0 && PARTICLES_KEPT_FIRST.has(t);
    });
    const split: string[] = [];
    const splitAbjad = new Set<number>();
    tokens.forEach((t, i) => {
      if (abjad.has(i)) splitAbjad.add(split.length);
      split.push(...(abjad.has(i) ? [t] : splitAbd(t)));
    });
    tokens = split;
    abjad = splitAbjad;
  } else {
    const [start, end] = legalFormSpan(tokens);
    keep((_t, i) => i >= start && i < end);
    if (dropCommonWords) keep((t, i) => abjad.has(i) || !COMMON_WORDS.has(t));
  }
  return tokens.map((t, i) => (abjad.has(i) ? ABJAD_MARK + t : t));
}

/** Options of normalizeName. */
export interface NormalizeOptions {
  /** PERSON (the default) or ORGANIZATION; vessels and aircraft are organizations */
  entityType?: 'PERSON' | 'ORGANIZATION' | 'VESSEL' | 'AIRCRAFT' | null;
  /** organizations: drop the, and, of... (default true) */
  dropCommonWords?: boolean;
}

/** The normalised tokens of a name (lower-case ASCII, the order of the name; see the file's header). */
export function normalizeName(name: string, options: NormalizeOptions = {}): string[] {
  const group: NameGroup = !options.entityType || options.entityType === 'PERSON' ? 'PERSON' : 'ORGANIZATION';
  return prepareTokens(name, group, options.dropCommonWords ?? true).map(displayToken);
}

/** Whether a prepared token came from an abjad script. */
export function isAbjad(token: string): boolean {
  return token.charCodeAt(0) === 42; // '*'
}

/** A prepared token as the officer reads it (without the abjad mark). */
export function displayToken(token: string): string {
  return isAbjad(token) ? token.slice(1) : token;
}

const GLUED_PARTICLE = /^(?:vander|vanden|vande|van|von|ter|ten|dela|della|delle|del|de|da|di|du|le|la|al|el|ul)(?=[a-z])/;

/**
 * The token without a particle glued to its front ("alrashid" -> "rashid", "vanderberg" -> "berg",
 * "terhorst" -> "horst", "delacruz" -> "cruz", "alomari" -> "omari"), or null. The rest must be 4+
 * letters, starting with a consonant after the European particles ("leonard" keeps its "le"), but
 * for the Flemish vanden, vander, which no name starts with otherwise ("vandeneynde" -> "eynde").
 * For an abjad token: a leading "l" (the article ال glued in a transliteration that kept it).
 */
export function gluedParticleStem(token: string): string | null {
  let stem = stems.get(token);
  if (stem === undefined) {
    stem = computeStem(token);
    if (stems.size >= 100_000) stems.clear();
    stems.set(token, stem);
  }
  return stem;
}
const stems = new Map<string, string | null>();

function computeStem(token: string): string | null {
  if (isAbjad(token)) {
    return token.length >= 5 && token[1] === 'l' ? ABJAD_MARK + token.slice(2) : null;
  }
  const m = GLUED_PARTICLE.exec(token);
  if (!m) return null;
  const rest = token.slice(m[0].length);
  if (rest.length < 4) return null;
  // after al/el/ul (the Arabic article) and vanden/vander any letter: "alomari" ~ "omari"; after the others a consonant
  if (/^[aeiouy]/.test(rest) && !/^(?:[aeu]l|vanden|vander)$/.test(m[0])) return null;
  return rest;
}
