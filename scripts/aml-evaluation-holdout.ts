/**
 * Writes the HELD-OUT evaluation set for the AML name matcher (tests/fixtures/aml/evaluation-holdout.json):
 *
 *   npx tsx scripts/aml-evaluation-holdout.ts
 *   npx tsx scripts/aml-evaluate.ts --file tests/fixtures/aml/evaluation-holdout.json
 *
 * Written by someone who had NOT read the matcher, its docs, nor its own labelled set, so that precision
 * and recall measured on it are not inflated by tuning. Every pair below is hand-written (no randomness,
 * no mutation generator): the table is the set. All names are invented or generic combinations; none is
 * meant to designate a real sanctioned person or PEP.
 *
 * Labels are what a careful compliance officer would decide:
 *   match    = the subject is plausibly the entry's person/organization: raise an alert for review;
 *   no match = clearly a different party (different surname or given name, different company,
 *              birth years far apart when both are known, person vs organization or vessel).
 * Hard cases labelled on purpose:
 *   - nicknames / hypocorisms (Bob/Robert, Dima/Dmitriy, Pepe/José) with the same surname and birth date
 *     are labelled MATCH: it is the same person; a string matcher is not expected to catch most of them,
 *     so they are kept in their own category ("nickname") to be read apart from the rest;
 *   - script variants (Cyrillic, Greek, Arabic, Persian, Chinese, Korean) and Wade-Giles/McCune-Reischauer
 *     romanisations are MATCH (same person), whether or not the matcher transliterates them;
 *   - gender forms (Aleksandr Ivanov / Aleksandra Ivanova, Daniel / Daniela) are NO MATCH;
 *   - a conflicting initial (S. Farahani vs Mahmoud Farahani) is NO MATCH; a consistent one is MATCH;
 *   - birth dates: 0-2 years apart, a swapped day/month, a year inside a range or near a circa year are
 *     MATCH; 10 or more years apart are NO MATCH (nothing in between is used: it is not clear-cut);
 *   - Arabic nasab swapped (Hamad bin Khalid vs Khalid bin Hamad) with births a generation apart: NO MATCH;
 *   - different nationality with the same name and birth date: MATCH (people change/hold several);
 *   - companies differing only in legal form (Ltd/Limited, GmbH/AG, FZE/FZCO, OOO/LLC): MATCH;
 *   - companies sharing only generic words (Trading, Shipping, Golden, Global): NO MATCH.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

type Kind = 'PRIMARY' | 'AKA' | 'FKA' | 'NKA';
interface EntryName {
  name: string;
  kind: Kind;
  weak: boolean;
}
interface EntryBirthDate {
  fromYear: number;
  toYear: number;
  date: string | null;
  circa: boolean;
}
interface Pair {
  id: string;
  category: string;
  subject: { name: string; entityType: 'PERSON' | 'ORGANIZATION' | null; birthDate?: string | null; countries?: string[] };
  entry: { names: EntryName[]; entityType: 'PERSON' | 'ORGANIZATION' | 'VESSEL' | 'AIRCRAFT'; birthDates: EntryBirthDate[]; countries: string[] };
  match: boolean;
  note: string;
}

/**
 * Types: P person/person, O organization/organization, NP and NO subject of unknown type (a beneficiary)
 * against a person / an organization, OP organization subject vs person entry, PO person subject vs
 * organization entry, PV person subject vs vessel entry.
 */
type T = 'P' | 'O' | 'NP' | 'NO' | 'OP' | 'PO' | 'PV';
/** [match, type, subject name, subject birth ('' none), subject countries ('' none), entry names, entry births, entry countries, note] */
type Row = [0 | 1, T, string, string, string, string, string, string, string];

/** entry names: "Primary | Alias | ~Weak alias | fka:Former name" */
function names(spec: string): EntryName[] {
  return spec.split(' | ').map((raw, i) => {
    let s = raw.trim();
    let weak = false;
    let kind: Kind = i === 0 ? 'PRIMARY' : 'AKA';
    if (s.startsWith('~')) {
      weak = true;
      s = s.slice(1);
    }
    const m = /^(fka|nka|aka):(.*)$/.exec(s);
    if (m) {
      kind = m[1]!.toUpperCase() as Kind;
      s = m[2]!;
    }
    return { name: s, kind, weak };
  });
}

/** entry births: "1971-03-04" exact, "1971" year, "1968-1972" range, "c1970" circa; ";" separates several */
function births(spec: string): EntryBirthDate[] {
  if (!spec) return [];
  return spec.split(';').map((b) => {
    b = b.trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(b)) return { fromYear: +b.slice(0, 4), toYear: +b.slice(0, 4), date: b, circa: false };
    if (/^\d{4}-\d{4}$/.test(b)) return { fromYear: +b.slice(0, 4), toYear: +b.slice(5), date: null, circa: false };
    if (/^c\d{4}$/.test(b)) return { fromYear: +b.slice(1), toYear: +b.slice(1), date: null, circa: true };
    if (/^\d{4}$/.test(b)) return { fromYear: +b, toYear: +b, date: null, circa: false };
    throw new Error(`bad birth spec ${b}`);
  });
}

const countries = (s: string) => (s ? s.split(',').map((c) => c.trim()) : []);

const TYPES: Record<T, [Pair['subject']['entityType'], Pair['entry']['entityType']]> = {
  P: ['PERSON', 'PERSON'],
  O: ['ORGANIZATION', 'ORGANIZATION'],
  NP: [null, 'PERSON'],
  NO: [null, 'ORGANIZATION'],
  OP: ['ORGANIZATION', 'PERSON'],
  PO: ['PERSON', 'ORGANIZATION'],
  PV: ['PERSON', 'VESSEL'],
};

const SETS: Record<string, Row[]> = {
  typo: [
    [1, 'P', 'Dmitriy Sokolovsky', '1971-03-04', 'RU', 'Dmitriy Sokolovskiy', '1971-03-04', 'RU', 'one letter dropped at the end of the surname'],
    [1, 'P', 'Alekasndr Kuzmenko', '1966', '', 'Aleksandr Kuzmenko', '1966', 'UA', 'transposed letters in the given name'],
    [1, 'P', 'Fatima Zahra Benmousa', '', 'MA', 'Fatima Zahra Benmoussa', '1983', 'MA', 'one s dropped in the surname'],
    [1, 'P', 'Chukwuemaka Obiorah', '1975-09-12', 'NG', 'Chukwuemeka Obiorah', '1975-09-12', 'NG', 'one vowel substituted in the given name'],
    [1, 'P', 'Gunnar Halvosren', '1958', 'NO', 'Gunnar Halvorsen', '1958', 'NO', 'transposed letters in the surname'],
    [1, 'P', 'Oluwaseun Adebajno', '', '', 'Oluwaseun Adebanjo', '1980', 'NG', 'transposed letters in the surname, no birth date on the subject'],
    [1, 'P', 'Mehmet Karaoglam', '1969-01-20', 'TR', 'Mehmet Karaoglan', '1969-01-20', 'TR', 'last letter substituted (n/m)'],
    [1, 'P', 'Konstantinos Vlahopoulos', '1962', 'GR', 'Konstantinos Vlachopoulos', '1962', 'GR', 'one letter dropped (ch -> h)'],
    [1, 'P', 'Reza Ghorbanzade', '1977', 'IR', 'Reza Ghorbanzadeh', '1977', 'IR', 'final h dropped'],
    [1, 'P', 'Hendrik Schoonhoeven', '', 'NL', 'Hendrik Schoonhoven', '', 'NL', 'one letter inserted, no birth dates'],
    [1, 'P', 'Nguyen Thanh Phoung', '1985-06-02', 'VN', 'Nguyen Thanh Phuong', '1985-06-02', 'VN', 'transposed vowels in the last token'],
    [1, 'P', 'Priyanka Ragunathan', '1990', 'IN', 'Priyanka Raghunathan', '1990', 'IN', 'h dropped in the surname'],
    [1, 'P', 'Juan Carlos Echevarria', '1959', 'CO', 'Juan Carlos Echeverria', '1959', 'CO', 'one vowel substituted in the surname'],
    [1, 'P', 'Thandiwe Mkhabala', '1973', 'ZA', 'Thandiwe Mkhabela', '1973', 'ZA', 'one vowel substituted in the surname'],
    [1, 'P', 'Bartosz Grabowksi', '1981-11-30', 'PL', 'Bartosz Grabowski', '1981-11-30', 'PL', 'transposed letters in the surname'],
    [1, 'P', 'Svetlana Miroshnichenkko', '1970', '', 'Svetlana Miroshnichenko', '1970', 'RU', 'one letter doubled in a long surname'],
    [1, 'P', 'Abdulazziz Alqahtani', '1967', 'SA', 'Abdulaziz Alqahtani', '1967', 'SA', 'one letter doubled in the given name'],
    [1, 'P', 'Hwang Jae-woon', '1979-04-14', 'KR', 'Hwang Jae-won', '1979-04-14', 'KR', 'one letter inserted in a short Korean given name; birth date equal'],
    [1, 'P', 'Ekatrina Voronina', '1988', 'RU', 'Ekaterina Voronina', '1988', 'RU', 'one vowel dropped in the given name'],
    [1, 'P', 'Massimilano Terranvoa', '1964', 'IT', 'Massimiliano Terranova', '1964', 'IT', 'two edits: a deletion in the given name, a transposition in the surname'],
    [1, 'P', 'Babatnude Olaniyann', '', 'NG', 'Babatunde Olaniyan', '1971', 'NG', 'two edits: a transposition and a doubled letter'],
    [1, 'P', 'Vasilios Konstandopulos', '1955', 'GR', 'Vasilios Konstantopoulos', '1955', 'GR', 'two edits in the surname (t -> d, o dropped)'],
    [1, 'O', 'Baltic Nordlne Shipping Ltd', '', 'LV', 'Baltic Nordline Shipping Ltd', '', 'LV', 'one letter dropped in the distinctive word'],
    [1, 'O', 'Transkaspian Logistic Group LLC', '', 'KZ', 'Transkaspian Logistics Group LLC', '', 'KZ', 'plural s dropped'],
    [1, 'O', 'Zhongyuan Heavy Machinary Co., Ltd.', '', 'CN', 'Zhongyuan Heavy Machinery Co., Ltd.', '', 'CN', 'one vowel substituted in a generic word'],
    [1, 'O', 'Meridian Petrochemcial Trading FZE', '', 'AE', 'Meridian Petrochemical Trading FZE', '', 'AE', 'transposed letters'],
    [1, 'O', 'Kordelya Tekstil Sanyai AS', '', 'TR', 'Kordelya Tekstil Sanayi AS', '', 'TR', 'transposed letters in a generic word'],
    [1, 'O', 'Sahel Gold Minning SARL', '', 'ML', 'Sahel Gold Mining SARL', '', 'ML', 'one letter doubled'],
  ],

  transliteration: [
    [1, 'P', 'Геннадий Кривошеин', '1966', 'RU', 'Gennadiy Krivoshein', '1966', 'RU', 'Cyrillic subject, Latin entry'],
    [1, 'P', 'Oleh Bondarchuk', '1972-02-09', 'UA', 'Олег Бондарчук', '1972-02-09', 'UA', 'Latin (Ukrainian romanisation) subject, Cyrillic-only entry'],
    [1, 'P', 'Σταύρος Κωνσταντινίδης', '1960', 'GR', 'Stavros Konstantinidis', '1960', 'GR', 'Greek script subject, Latin entry'],
    [1, 'P', 'Evangelia Papadaki', '1984', 'GR', 'Ευαγγελία Παπαδάκη', '1984', 'GR', 'Latin subject, Greek-only entry'],
    [1, 'P', 'محمد عبد الله الشمري', '1976', 'SA', 'Mohammed Abdullah Al-Shammari', '1976', 'SA', 'Arabic script subject, Latin entry'],
    [1, 'P', 'Khalid Al-Harbi', '1981', 'SA', 'خالد الحربي', '1981', 'SA', 'Latin subject, Arabic-only entry'],
    [1, 'P', 'رضا کاظمی', '1963', 'IR', 'Reza Kazemi', '1963', 'IR', 'Persian script (with Persian kaf/yeh) subject, Latin entry'],
    [1, 'P', 'Chen Jianguo', '1957', 'CN', '陈建国', '1957', 'CN', 'pinyin subject, Chinese-only entry'],
    [1, 'P', '刘海峰', '1969', 'CN', 'Liu Haifeng', '1969', 'CN', 'Chinese subject, pinyin entry'],
    [1, 'P', '김성호', '1968', 'KR', 'Kim Sung-ho', '1968', 'KR', 'Hangul subject, romanised entry'],
    [1, 'P', 'Park Seong-gyu', '1974', 'KR', '박성규', '1974', 'KR', 'romanised subject, Hangul-only entry'],
    [1, 'P', 'Ирина Сергеевна Козлова', '1979-10-05', 'RU', 'Irina Sergeyevna Kozlova', '1979-10-05', 'RU', 'Cyrillic with patronymic vs Latin with patronymic'],
    [1, 'O', 'ООО «Северный Путь»', '', 'RU', 'Severny Put OOO', '', 'RU', 'Cyrillic company with guillemets and legal form vs Latin'],
    [1, 'P', 'Абдулла Юсупов', '1970', 'UZ', 'Abdulla Yusupov', '1970', 'UZ', 'Uzbek name in Cyrillic vs Latin'],
    [1, 'P', 'Милош Станковић', '1975', 'RS', 'Milos Stankovic', '1975', 'RS', 'Serbian Cyrillic vs Latin without diacritics'],
    [1, 'P', 'Aleksandr Chernyshov', '1961', 'RU', 'Alexander Tschernyschow', '1961', 'DE', 'English vs German romanisation of the same Russian name'],
    [1, 'P', 'Sergei Fyodorov', '1965', 'RU', 'Sergey Fedorov', '1965', 'RU', 'ei/ey and yo/e romanisation variants'],
    [1, 'P', 'Yevgeniy Zhuravlev', '1973', 'RU', 'Evgenii Zhuravlyov', '1973', 'RU', 'Ye/E, iy/ii, ev/yov variants'],
    [1, 'P', 'Mohamed Abdelrahman Hassan', '1966', 'EG', 'Muhammad Abd al-Rahman Hasan', '1966', 'EG', 'Egyptian vs scholarly romanisation, joined vs split Abd al-'],
    [1, 'P', 'Mohammad Reza Hosseini', '1971', 'IR', 'Mohammadreza Husseini', '1971', 'IR', 'compound given name joined, o/u variant'],
    [1, 'P', 'Youssef El Amrani', '1982', 'MA', 'Yusuf Al-Amrani', '1982', 'MA', 'French vs English romanisation, El/Al article'],
    [1, 'P', 'Qasim Jaafar', '1958', 'IQ', 'Kassem Jafar', '1958', 'IQ', 'Q/K and doubled letters'],
    [1, 'P', 'Abdulrahim Nouri', '1969', 'AF', 'Abdel Rahim Nuri', '1969', 'AF', 'Abdul/Abdel joined vs split, ou/u'],
    [1, 'P', 'Ekaterina Shcherbakova', '1987', 'RU', 'Yekaterina Scherbakova', '1987', 'RU', 'E/Ye and shch/sch variants'],
    [1, 'P', 'Zhou Xiaobo', '1963', 'CN', 'Chou Hsiao-po', '1963', 'TW', 'pinyin vs Wade-Giles (hard)'],
    [1, 'P', 'Lee Dong-chan', '1966', 'KR', 'Yi Tong-chan', '1966', 'KP', 'Revised vs McCune-Reischauer romanisation, Lee/Yi (hard)'],
    [1, 'P', 'Choi Young-soo', '1972', 'KR', 'Choe Yong Su', '1972', 'KR', 'Choi/Choe, Young-soo/Yong Su'],
    [1, 'P', 'Dimitrios Chatzigeorgiou', '1959', 'GR', 'Dimitrios Hatzigeorgiou', '1959', 'GR', 'Greek Ch/H romanisation'],
    [1, 'P', 'Mikhail Kharitonov', '1964', 'RU', 'Michail Charitonow', '1964', 'RU', 'German-style romanisation kh/ch, v/w (hard)'],
    [1, 'P', 'Gulnara Abdrakhmanova', '1976', 'KZ', 'Gulnara Abdrahmanova', '1976', 'KZ', 'kh/h'],
    [1, 'P', 'Ousmane Diallo', '1968', 'GN', 'Usman Jallow', '1968', 'GM', 'francophone vs anglophone spelling of a Fula name (hard)'],
    [1, 'P', 'Rajesh Shrivastava', '1962', 'IN', 'Rajesh Srivastava', '1962', 'IN', 'Shri/Sri'],
    [1, 'P', 'Sanjay Choudhury', '1974', 'IN', 'Sanjay Chaudhary', '1974', 'IN', 'Choudhury/Chaudhary'],
    [1, 'P', 'Zhang Yongqiang', '1960', 'CN', 'Chang Yung-chiang', '1960', 'CN', 'pinyin vs Wade-Giles (hard)'],
    [1, 'P', 'Oleksandr Tkachenko', '1977', 'UA', 'Aleksandr Tkachenko', '1977', 'UA', 'Ukrainian vs Russian form of the given name'],
  ],

  reorder: [
    [1, 'P', 'Xiaoming Wang', '1980', 'CN', 'Wang Xiaoming', '1980', 'CN', 'given name first vs family name first'],
    [1, 'P', 'Kowalczyk Tomasz', '1967', 'PL', 'Tomasz Kowalczyk', '1967', 'PL', 'surname first'],
    [1, 'P', 'SOKOLENKO, Viktor Pavlovich', '1960', 'RU', 'Viktor Pavlovich Sokolenko', '1960', 'RU', 'list style SURNAME, Given Patronymic'],
    [1, 'P', 'Nagy Gabor', '1972', 'HU', 'Gabor Nagy', '1972', 'HU', 'Hungarian order vs Western order'],
    [1, 'P', 'Min-jun Kim', '1990', 'KR', 'Kim Min-jun', '1990', 'KR', 'Western order of a Korean name'],
    [1, 'P', 'Tanaka Hiroshi', '1955', 'JP', 'Hiroshi Tanaka', '1955', 'JP', 'Japanese order vs Western order'],
    [1, 'P', 'Ferreira, Paulo Henrique', '1979', 'BR', 'Paulo Henrique Ferreira', '1979', 'BR', 'surname first with comma'],
    [1, 'P', 'Okonkwo Chinedu Ikenna', '1983', 'NG', 'Chinedu Ikenna Okonkwo', '1983', 'NG', 'surname moved to the front'],
    [1, 'P', 'Rahimi Mahmoud', '1964', 'IR', 'Mahmoud Rahimi', '1964', 'IR', 'surname first'],
    [1, 'P', 'Thi Mai Le', '1986', 'VN', 'Le Thi Mai', '1986', 'VN', 'Vietnamese family name moved to the end'],
    [1, 'P', 'PETROVIC Milan', '1969', 'RS', 'Milan Petrovic', '1969', 'RS', 'upper-case surname first'],
    [1, 'P', 'Ivanova Elena Sergeevna', '1975', 'RU', 'Elena Sergeevna Ivanova', '1975', 'RU', 'Russian official order surname-given-patronymic'],
    [1, 'P', 'Singh Harpreet', '1984-08-15', 'IN', 'Harpreet Singh', '1984-08-15', 'IN', 'surname first, exact birth date equal'],
    [1, 'P', 'Adeyemi Folasade', '1978', 'NG', 'Folasade Adeyemi', '1978', 'NG', 'surname first'],
    [1, 'P', 'Schneider, Klaus-Dieter', '1952', 'DE', 'Klaus-Dieter Schneider', '1952', 'DE', 'hyphenated given name after the surname'],
    [1, 'P', 'Andersson Lars Erik', '1963', 'SE', 'Lars Erik Andersson', '1963', 'SE', 'surname first'],
    [1, 'P', 'Demir Ayse', '1991', 'TR', 'Ayse Demir', '1991', 'TR', 'surname first'],
    [1, 'P', 'Liting Huang', '1982', 'TW', 'Huang Li-ting', '1982', 'TW', 'order and hyphenation of the given name'],
    [1, 'O', 'Eastern Commerce Bank', '', 'KG', 'Bank of Eastern Commerce', '', 'KG', 'Bank of X vs X Bank'],
    [1, 'O', 'Kerman Petrochemical Company', '', 'IR', 'Petrochemical Company of Kerman', '', 'IR', 'X Company vs Company of X'],
    [1, 'P', 'Mwangi John Kamau', '1970', 'KE', 'John Kamau Mwangi', '1970', 'KE', 'surname first'],
    [1, 'P', 'Haddad Rami', '1977-03-21', 'LB', 'Rami Haddad', '1977-03-21', 'LB', 'surname first'],
    [1, 'P', 'Bao Dang Quoc', '1973', 'VN', 'Dang Quoc Bao', '1973', 'VN', 'Vietnamese given name moved to the front'],
    [0, 'P', 'Hamad bin Khalid Al Mansoori', '1986', 'AE', 'Khalid bin Hamad Al Mansoori', '1958', 'AE', 'nasab swapped (son vs father) and births 28 years apart: a different person'],
    [0, 'P', 'Ahmed Mohamed Abdelkader', '1994', 'DZ', 'Mohamed Ahmed Abdelkader', '1961', 'DZ', 'given and father names swapped, births 33 years apart: a different person'],
  ],

  'middle-name': [
    [1, 'P', 'Oleksandr Shevchuk', '1968', 'UA', 'Oleksandr Viktorovych Shevchuk', '1968', 'UA', 'patronymic missing on the subject'],
    [1, 'P', 'Ivan Sergeyevich Morozkin', '1959', 'RU', 'Ivan Morozkin', '1959', 'RU', 'patronymic only on the subject'],
    [1, 'P', 'Maria Gomez Ruiz', '1980', 'ES', 'Maria Fernanda Gomez Ruiz', '1980', 'ES', 'second given name missing'],
    [1, 'P', 'Jose Fernandez', '1966-02-11', 'ES', 'Jose Maria Fernandez Lopez', '1966-02-11', 'ES', 'second given name and maternal surname missing, exact birth date equal'],
    [1, 'P', 'Mohammed Al-Tamimi', '1974', 'JO', 'Mohammed Ali Hassan Al-Tamimi', '1974', 'JO', 'father and grandfather names missing'],
    [1, 'P', 'Abdullah Bawazir', '1965', 'YE', 'Abdullah Saleh Omar Bawazir', '1965', 'YE', 'two middle (nasab) names missing'],
    [1, 'P', 'John Okoro', '1971-07-07', 'NG', 'John Adewale Okoro', '1971-07-07', 'NG', 'middle name missing, exact birth date equal'],
    [1, 'P', 'Chinwe Adaeze Okafor', '1986', 'NG', 'Chinwe Okafor', '1986', 'NG', 'middle name only on the subject'],
    [1, 'P', 'Hans-Peter Brandt', '1957', 'DE', 'Hans-Peter Wilhelm Brandt', '1957', 'DE', 'third given name missing'],
    [1, 'P', 'Anna Maria Lindqvist', '1983', 'SE', 'Anna Lindqvist', '1983', 'SE', 'extra given name on the subject'],
    [1, 'P', 'Nguyen Hung', '1970', 'VN', 'Nguyen Van Hung', '1970', 'VN', 'middle name Van missing'],
    [1, 'P', 'Tran Hoa', '1988', 'VN', 'Tran Thi Hoa', '1988', 'VN', 'middle name Thi missing'],
    [1, 'P', 'Mehdi Tavakoli', '1962', 'IR', 'Seyed Mehdi Tavakoli', '1962', 'IR', 'honorific Seyed missing on the subject'],
    [1, 'P', 'Kwame Mensah', '1976', 'GH', 'Kwame Osei Mensah', '1976', 'GH', 'middle name missing'],
    [1, 'P', 'Rahul Kumar Verma', '1985', 'IN', 'Rahul Verma', '1985', 'IN', 'middle name Kumar on the subject only'],
    [1, 'P', 'Venkata Narayana Reddy', '1960', 'IN', 'Venkata Lakshmi Narayana Reddy', '1960', 'IN', 'one of several given names missing'],
    [1, 'P', 'Pedro Alves', '1979-12-03', 'PT', 'Pedro Henrique Alves', '1979-12-03', 'PT', 'second given name missing'],
    [1, 'P', 'Mustafa Kemal Arslan', '1967', 'TR', 'Mustafa Arslan', '1967', 'TR', 'second given name on the subject only'],
    [1, 'P', 'Sven Bergstrom', '1954', 'SE', 'Sven Olof Bergstrom', '1954', 'SE', 'second given name missing'],
    [1, 'P', 'Katarzyna Anna Zielinska', '1982', 'PL', 'Katarzyna Zielinska', '1982', 'PL', 'second given name on the subject only'],
    [1, 'P', 'Yuliya Tarasova', '1990', 'RU', 'Yuliya Andreyevna Tarasova', '1990', 'RU', 'patronymic missing'],
    [1, 'P', 'Amina Wanjiru', '1984', 'KE', 'Amina Wanjiru Kariuki', '1984', 'KE', 'family name missing, given names equal, birth year equal'],
    [1, 'P', 'Emeka Chukwudi Nwosu', '1973', 'NG', 'Emeka Nwosu', '1973', 'NG', 'middle name on the subject only'],
    [1, 'P', 'Georgios Pappas', '1958', 'GR', 'Georgios Ioannis Pappas', '1958', 'GR', 'middle (father) name missing'],
    [1, 'P', 'Juma Hamisi', '1969', 'TZ', 'Juma Mwinyi Hamisi', '1969', 'TZ', 'middle name missing'],
    [1, 'P', 'Dr. Farhad Mokri', '1961', 'IR', 'Farhad Mokri', '1961', 'IR', 'title Dr. on the subject'],
    [1, 'P', 'Sheikh Hamdan Al Suwaidi', '1970', 'AE', 'Hamdan Al Suwaidi', '1970', 'AE', 'title Sheikh on the subject'],
    [1, 'P', 'Viktor Ilyich Lazarenko', '', 'UA', 'Viktor Lazarenko', '1956', 'UA', 'patronymic on the subject only, subject birth date unknown'],
  ],

  diacritics: [
    [1, 'P', 'Lukasz Wroblewski', '1978', 'PL', 'Łukasz Wróblewski', '1978', 'PL', 'Polish Ł and ó stripped'],
    [1, 'P', 'Zofie Dvorakova', '1985', 'CZ', 'Žofie Dvořáková', '1985', 'CZ', 'Czech háček and čárka stripped'],
    [1, 'P', 'Sukru Ozturkmen', '1966', 'TR', 'Şükrü Öztürkmen', '1966', 'TR', 'Turkish ş, ü, ö stripped'],
    [1, 'P', 'Francois Lefevre', '1963', 'FR', 'François Lefèvre', '1963', 'FR', 'French ç and è stripped'],
    [1, 'P', 'Soren Ostergaard', '1971', 'DK', 'Søren Østergaard', '1971', 'DK', 'Danish ø written o'],
    [1, 'P', 'Olafur Gudmundsson', '1960', 'IS', 'Ólafur Guðmundsson', '1960', 'IS', 'Icelandic Ó and ð written O and d'],
    [1, 'P', 'Nguyen Thi Thu Hang', '1987', 'VN', 'Nguyễn Thị Thu Hằng', '1987', 'VN', 'Vietnamese stacked diacritics stripped'],
    [1, 'P', 'Joao Goncalves', '1975', 'PT', 'João Gonçalves', '1975', 'PT', 'Portuguese ã and ç stripped'],
    [1, 'P', 'Jurgen Muller', '1961-05-05', 'DE', 'Jürgen Müller', '1961-05-05', 'DE', 'German umlauts stripped'],
    [1, 'P', 'Juergen Schoenfeld', '1958', 'DE', 'Jürgen Schönfeld', '1958', 'DE', 'German umlauts expanded ü -> ue, ö -> oe'],
    [1, 'P', 'Dorte Aasgaard', '1979', 'NO', 'Dorte Åsgaard', '1979', 'NO', 'Nordic å written aa'],
    [1, 'P', 'Stefan Margineanu', '1968', 'RO', 'Ștefan Mărgineanu', '1968', 'RO', 'Romanian ș and ă stripped'],
    [1, 'P', 'Djordje Jovanovic', '1974', 'RS', 'Đorđe Jovanović', '1974', 'RS', 'Serbian đ written dj, ć stripped'],
    [1, 'P', 'Hakan Yildirim', '1983', 'TR', 'Hakan Yıldırım', '1983', 'TR', 'Turkish dotless ı'],
    [1, 'P', 'Adebayo Olabode', '1972', 'NG', 'Adébáyọ̀ Ọlábọ̀dé', '1972', 'NG', 'Yoruba tone marks and under-dots (combining characters)'],
    [1, 'P', 'Ines Munoz Pena', '1989', 'ES', 'Inés Muñoz Peña', '1989', 'ES', 'Spanish ñ and é stripped'],
    [1, 'P', 'Agnes Horvath', '1965', 'HU', 'Ágnes Horváth', '1965', 'HU', 'Hungarian acute accents stripped'],
    [1, 'P', 'Bjorn Haugland', '1957', 'NO', 'Bjørn Haugland', '1957', 'NO', 'Norwegian ø written o'],
    [1, 'O', 'Giesserei Kuehn GmbH', '', 'DE', 'Gießerei Kühn GmbH', '', 'DE', 'ß -> ss and ü -> ue in a company name'],
    [1, 'O', 'Celik Yapi Insaat AS', '', 'TR', 'Çelik Yapı İnşaat A.Ş.', '', 'TR', 'Turkish letters and dotted legal form stripped'],
    [1, 'P', 'Tomas Kucera', '1976', 'CZ', 'Tomáš Kučera', '1976', 'CZ', 'Czech š and č stripped'],
    [1, 'P', 'Eirikur Thorsson', '1969', 'IS', 'Eiríkur Þórsson', '1969', 'IS', 'Icelandic thorn Þ written Th'],
  ],

  'legal-form': [
    [1, 'O', 'Baltic Amber Trading Ltd', '', 'EE', 'Baltic Amber Trading Limited', '', 'EE', 'Ltd vs Limited'],
    [1, 'O', 'Nordwind Logistik GmbH', '', 'DE', 'Nordwind Logistik', '', 'DE', 'legal form only on the subject'],
    [1, 'O', 'Uralskiy Metall LLC', '', 'RU', 'OOO Uralskiy Metall', '', 'RU', 'LLC after vs OOO before'],
    [1, 'O', 'Petrosfera PJSC', '', 'RU', 'Public Joint Stock Company Petrosfera', '', 'RU', 'abbreviated vs spelled-out legal form, moved'],
    [1, 'O', 'Hanseatic Marine Services B.V.', '', 'NL', 'Hanseatic Marine Services BV', '', 'NL', 'dotted vs plain B.V.'],
    [1, 'O', 'Minera Sierra Azul SA', '', 'MX', 'Minera Sierra Azul S.A. de C.V.', '', 'MX', 'SA vs S.A. de C.V.'],
    [1, 'O', 'Golden Crescent General Trading L.L.C.', '', 'AE', 'Golden Crescent General Trading LLC', '', 'AE', 'L.L.C. vs LLC'],
    [1, 'O', 'Red Sea Maritime FZCO', '', 'AE', 'Red Sea Maritime FZE', '', 'AE', 'FZE vs FZCO (free-zone forms): same name, review'],
    [1, 'O', 'Vistula Agro Spolka z ograniczona odpowiedzialnoscia', '', 'PL', 'Vistula Agro Sp. z o.o.', '', 'PL', 'Polish legal form spelled out vs abbreviated'],
    [1, 'O', 'Fjordline Shipping ASA', '', 'NO', 'Fjordline Shipping AS', '', 'NO', 'AS vs ASA'],
    [1, 'O', 'Svea Tech Aktiebolag', '', 'SE', 'Svea Tech AB', '', 'SE', 'AB vs Aktiebolag'],
    [1, 'O', 'Lakeshore Capital Partners', '', 'GB', 'Lakeshore Capital Partners LLP', '', 'GB', 'LLP missing on the subject'],
    [1, 'O', 'Mekong Rice Export JSC', '', 'VN', 'Mekong Rice Export Joint Stock Company', '', 'VN', 'JSC vs Joint Stock Company'],
    [1, 'O', 'Huaxin Ocean Shipping Company Limited', '', 'CN', 'Huaxin Ocean Shipping Co., Ltd.', '', 'CN', 'Co., Ltd. vs Company Limited'],
    [1, 'O', 'Lion City Commodities Pte Ltd', '', 'SG', 'Lion City Commodities Pte. Ltd.', '', 'SG', 'Pte Ltd with and without dots'],
    [1, 'O', 'Kinabalu Timber Sdn Bhd', '', 'MY', 'Kinabalu Timber Sdn. Bhd.', '', 'MY', 'Sdn Bhd with and without dots'],
    [1, 'O', 'Bosphorus Kimya Sanayi ve Ticaret Anonim Sirketi', '', 'TR', 'Bosphorus Kimya Sanayi ve Ticaret A.S.', '', 'TR', 'A.S. vs Anonim Sirketi'],
    [1, 'O', 'Alpine Precision GmbH', '', 'CH', 'Alpine Precision AG', '', 'CH', 'GmbH vs AG: same name, review'],
    [1, 'O', 'Danube Grain S.R.L.', '', 'RO', 'Danube Grain SRL', '', 'RO', 'S.R.L. vs SRL'],
    [1, 'O', 'Atlas Fret SAS', '', 'FR', 'Atlas Fret SARL', '', 'FR', 'SARL vs SAS: same name, review'],
    [1, 'O', 'Kalahari Resources Proprietary Limited', '', 'ZA', 'Kalahari Resources (Pty) Ltd', '', 'ZA', '(Pty) Ltd vs spelled out'],
    [1, 'O', 'Nihon Kaiun K.K.', '', 'JP', 'Nihon Kaiun Kabushiki Kaisha', '', 'JP', 'K.K. vs Kabushiki Kaisha'],
    [1, 'O', 'Pannonia Trade Korlatolt Felelossegu Tarsasag', '', 'HU', 'Pannonia Trade Kft.', '', 'HU', 'Hungarian Kft. spelled out'],
    [1, 'O', 'Tatra Steel, spol. s r.o.', '', 'SK', 'Tatra Steel s.r.o.', '', 'SK', 'spol. s r.o. vs s.r.o.'],
    [1, 'O', 'Adriatic Ventures doo', '', 'HR', 'Adriatic Ventures d.o.o.', '', 'HR', 'd.o.o. vs doo'],
    [1, 'O', 'Pacific Rim Holdings Corporation', '', 'US', 'Pacific Rim Holdings Inc.', '', 'US', 'Inc. vs Corporation'],
  ],

  initials: [
    [1, 'P', 'A. K. Mensah', '1969', 'GH', 'Akwasi Kofi Mensah', '1969', 'GH', 'both given names as initials'],
    [1, 'P', 'R. Venkatesan', '1958', 'IN', 'Ramesh Venkatesan', '1958', 'IN', 'South Indian initial style'],
    [1, 'P', 'M. Rahimzadeh', '1971', 'IR', 'Mahmoud Rahimzadeh', '1971', 'IR', 'given name as initial'],
    [1, 'P', 'J.P. Vermeulen', '1964', 'NL', 'Jan Pieter Vermeulen', '1964', 'NL', 'Dutch initials without space'],
    [1, 'P', 'S. A. Oyelaran', '1977', 'NG', 'Samuel Adeniyi Oyelaran', '1977', 'NG', 'both given names as initials'],
    [1, 'P', 'D.O. Lebedinsky', '1962', 'RU', 'Dmitri Olegovich Lebedinsky', '1962', 'RU', 'given name and patronymic as initials'],
    [1, 'P', 'K. Papanikolaou', '1966', 'GR', 'Konstantinos Papanikolaou', '1966', 'GR', 'given name as initial'],
    [1, 'P', 'Carlos E. Villanueva', '1980', 'PH', 'Carlos Eduardo Villanueva', '1980', 'PH', 'middle name as initial'],
    [1, 'P', 'H. Aldosari', '1975', 'SA', 'Hamad Aldosari', '1975', 'SA', 'given name as initial'],
    [1, 'P', 'Nguyen T. Hoang', '1984', 'VN', 'Nguyen Tuan Hoang', '1984', 'VN', 'middle name as initial'],
    [1, 'P', 'P. Subramaniam', '1955', 'MY', 'Palaniappan Subramaniam', '1955', 'MY', 'long given name as initial'],
    [1, 'P', 'W. Zhao', '1979', 'CN', 'Zhao Wenjie', '1979', 'CN', 'initial of the given name, Western order'],
    [1, 'P', 'Ingrid M. Solberg', '1968', 'NO', 'Ingrid Marie Solberg', '1968', 'NO', 'middle name as initial'],
    [1, 'P', 'E. Kowalewska', '1981', 'PL', 'Ewa Kowalewska', '1981', 'PL', 'short given name as initial'],
    [1, 'P', 'A.B. Ogundipe', '1970', 'NG', 'Ayodele Babatunde Ogundipe', '1970', 'NG', 'initials without space'],
    [0, 'P', 'S. Farahani', '1971', 'IR', 'Mahmoud Farahani', '1971', 'IR', 'conflicting initial (S vs Mahmoud): different person'],
    [0, 'P', 'K. Adeyinka', '', 'NG', 'Babajide Adeyinka', '1963', 'NG', 'conflicting initial (K vs Babajide)'],
    [0, 'P', 'L. Hoffmann', '', 'DE', 'Matthias Hoffmann', '1960', 'DE', 'conflicting initial (L vs Matthias)'],
    [0, 'P', 'T. Chaudhry', '1982', 'PK', 'Imran Chaudhry', '1982', 'PK', 'conflicting initial (T vs Imran)'],
    [0, 'P', 'J. Lindholm', '', 'FI', 'Erik Lindholm', '', 'FI', 'conflicting initial (J vs Erik), no birth dates'],
  ],

  particles: [
    [1, 'P', 'Abdullah Salem Al-Kathiri', '1968', 'OM', 'Abdullah bin Salem Al Kathiri', '1968', 'OM', 'bin missing, Al- hyphenated vs spaced'],
    [1, 'P', 'Faisal Alotaibi', '1979', 'SA', 'Faisal Al Otaibi', '1979', 'SA', 'Al joined to the surname'],
    [1, 'P', 'Tarek Elsayed', '1973', 'EG', 'Tarek El Sayed', '1973', 'EG', 'El joined to the surname'],
    [1, 'P', 'Pieter Vanderlinden', '1960', 'BE', 'Pieter van der Linden', '1960', 'NL', 'van der joined into one token'],
    [1, 'P', 'Willem Devries', '1975', 'NL', 'Willem de Vries', '1975', 'NL', 'de joined to the surname'],
    [1, 'P', 'Rosa Fuente Ortega', '1982', 'ES', 'Rosa de la Fuente Ortega', '1982', 'ES', 'de la dropped'],
    [1, 'P', 'Ludwig Hallberg', '1951', 'AT', 'Ludwig von Hallberg', '1951', 'AT', 'von dropped'],
    [1, 'P', 'Ana Paula Santos Ribeiro', '1986', 'BR', 'Ana Paula dos Santos Ribeiro', '1986', 'BR', 'dos dropped'],
    [1, 'P', 'Omar Yusuf Hamdani', '1967', 'YE', 'Omar ibn Yusuf al-Hamdani', '1967', 'YE', 'ibn and al- dropped'],
    [1, 'P', 'Abubakar Siddiqui', '1972', 'PK', 'Abu Bakr Al-Siddiqui', '1972', 'PK', 'Abu Bakr joined, Al- dropped'],
    [1, 'P', 'Cheikh Mahjoub', '1965', 'MR', 'Cheikh Ould Mahjoub', '1965', 'MR', 'Mauritanian Ould (son of) dropped'],
    [1, 'P', 'Steven Vandeneynde', '1977', 'BE', 'Steven Van den Eynde', '1977', 'BE', 'Van den joined'],
    [1, 'P', 'Marco Dibartolo', '1970', 'IT', 'Marco Di Bartolo', '1970', 'IT', 'Di joined'],
    [1, 'P', 'Carlos Costa Pinto', '1963', 'PT', 'Carlos da Costa Pinto', '1963', 'PT', 'da dropped'],
    [1, 'P', 'Ahmad Faizal Ismail', '1984', 'MY', 'Ahmad Faizal bin Ismail', '1984', 'MY', 'Malay bin dropped'],
    [1, 'P', 'Nur Aisyah Kamaruddin', '1991', 'MY', 'Nur Aisyah binti Kamaruddin', '1991', 'MY', 'Malay binti dropped'],
    [1, 'P', 'Hassan Abdelaziz', '1969', 'SD', 'Hassan Abdel Aziz', '1969', 'SD', 'Abdel joined to Aziz'],
    [1, 'P', 'Khalil Abu Jaoude', '1958', 'LB', 'Khalil Abou Jaoude', '1958', 'LB', 'Abou vs Abu'],
    [1, 'P', 'Eduardo Oliveira Souza', '1976', 'BR', 'Eduardo de Oliveira e Souza', '1976', 'BR', 'de and e dropped'],
    [1, 'P', 'Thierry Legoff', '1966', 'FR', 'Thierry Le Goff', '1966', 'FR', 'Le joined'],
    [1, 'P', 'Yousef Marzouqi', '1980', 'AE', 'Yousef Al Marzouqi', '1980', 'AE', 'Al dropped'],
    [1, 'P', 'Dirk Terhorst', '1959', 'NL', 'Dirk ter Horst', '1959', 'NL', 'ter joined'],
  ],

  nickname: [
    [1, 'P', 'Bob Kessler', '1962-05-11', 'US', 'Robert Kessler', '1962-05-11', 'US', 'Bob = Robert; same person, not a spelling variant (expected miss)'],
    [1, 'P', 'Bill Hartigan', '1957', 'IE', 'William Hartigan', '1957', 'IE', 'Bill = William (expected miss)'],
    [1, 'P', 'Sasha Beliakova', '1989', 'RU', 'Aleksandra Beliakova', '1989', 'RU', 'Sasha = Aleksandra (expected miss)'],
    [1, 'P', 'Dima Karpenko', '1976', 'UA', 'Dmitriy Karpenko', '1976', 'UA', 'Dima = Dmitriy (expected miss)'],
    [1, 'P', 'Kolya Lisitsyn', '1968', 'RU', 'Nikolay Lisitsyn', '1968', 'RU', 'Kolya = Nikolay (expected miss)'],
    [1, 'P', 'Pepe Castellanos', '1960', 'MX', 'Jose Castellanos', '1960', 'MX', 'Pepe = José (expected miss)'],
    [1, 'P', 'Paco Herrera Molina', '1971', 'ES', 'Francisco Herrera Molina', '1971', 'ES', 'Paco = Francisco, both surnames equal'],
    [1, 'P', 'Chuy Ramirez', '1983-02-14', 'MX', 'Jesus Ramirez', '1983-02-14', 'MX', 'Chuy = Jesús (expected miss)'],
    [1, 'P', 'Hans Wetterling', '1955', 'DE', 'Johannes Wetterling', '1955', 'DE', 'Hans = Johannes'],
    [1, 'P', 'Sepp Moosbrugger', '1949', 'AT', 'Josef Moosbrugger', '1949', 'AT', 'Sepp = Josef (expected miss)'],
    [1, 'P', 'Mo Haddadin', '1985', 'JO', 'Mohammed Haddadin', '1985', 'JO', 'Mo = Mohammed'],
    [1, 'P', 'Tony Haddad', '1966', 'LB', 'Antoine Haddad', '1966', 'LB', 'Tony = Antoine'],
    [1, 'P', 'Liz Pemberton', '1974', 'GB', 'Elizabeth Pemberton', '1974', 'GB', 'Liz = Elizabeth'],
    [1, 'P', 'Kate Ashworth', '1979', 'GB', 'Catherine Ashworth', '1979', 'GB', 'Kate = Catherine'],
    [1, 'P', 'Misha Orlovsky', '1963', 'IL', 'Mikhail Orlovsky', '1963', 'RU', 'Misha = Mikhail (expected miss)'],
    [1, 'P', 'Vanya Kudryavtsev', '1990', 'RU', 'Ivan Kudryavtsev', '1990', 'RU', 'Vanya = Ivan (expected miss)'],
    [1, 'P', 'Jimmy Okwuosa', '1972', 'NG', 'James Okwuosa', '1972', 'NG', 'Jimmy = James'],
    [1, 'P', 'Greta Hallstrom', '1958', 'SE', 'Margareta Hallstrom', '1958', 'SE', 'Greta = Margareta'],
    [1, 'P', 'Kevin Lau Chi-keung', '1969', 'HK', 'Lau Chi-keung', '1969', 'HK', 'adopted English name added to a Cantonese name'],
  ],

  'birth-date': [
    [0, 'P', 'Andrei Volkovich', '1991-07-14', 'BY', 'Andrei Volkovich', '1958', 'BY', 'same name, births 33 years apart'],
    [0, 'P', 'Hamid Rostami', '1985', 'IR', 'Hamid Rostami', '1950-1955', 'IR', 'same name, subject 30 years after the entry range'],
    [0, 'P', 'Li Jianhua', '1999-02-01', 'CN', 'Li Jianhua', '1965-08-19', 'CN', 'same name, births 34 years apart'],
    [0, 'P', 'Maria Fernanda Quintero', '1978', 'VE', 'Maria Fernanda Quintero', '1946', 'VE', 'same name, births 32 years apart'],
    [0, 'P', 'Oluwaseyi Bamidele', '2001', 'NG', 'Oluwaseyi Bamidele', '1969', 'NG', 'same name, births 32 years apart'],
    [0, 'P', 'Ahmet Korkmaz', '1990-12-01', 'TR', 'Ahmet Korkmaz', '1961-04-30', 'TR', 'same name, births 29 years apart'],
    [0, 'P', 'Elena Mikhailovna Grishina', '1988', 'RU', 'Elena Mikhailovna Grishina', '1952', 'RU', 'same full name with patronymic, births 36 years apart'],
    [0, 'P', 'Tomasz Zielinski', '1995', 'PL', 'Tomasz Zielinski', '1960', 'PL', 'same name, births 35 years apart'],
    [0, 'P', 'Nguyen Van Long', '1970', 'VN', 'Nguyen Van Long', '1998', 'VN', 'same name, subject 28 years older'],
    [0, 'P', 'Kim Young-ho', '1949', 'KR', 'Kim Young-ho', '1983', 'KR', 'same name, births 34 years apart'],
    [0, 'P', 'Ibrahim Musa Garba', '1992', 'NG', 'Ibrahim Musa Garba', 'c1955', 'NG', 'same name, subject 37 years after a circa year'],
    [0, 'P', 'Yiannis Mavridis', '1980', 'GR', 'Yiannis Mavridis', '1945-1950', 'GR', 'same name, 30 years after the range'],
    [0, 'P', 'Fernando Alves Pacheco', '1975-05-05', 'PT', 'Fernando Alves Pacheco', '1940-05-05', 'PT', 'same day and month, 35 years apart'],
    [0, 'P', 'Jorgen Dahl', '1987', 'DK', 'Jorgen Dahl', '1951', 'DK', 'same name, births 36 years apart'],
    [0, 'P', 'Rakesh Bhardwaj', '1966', 'IN', 'Rakesh Bhardwaj', '2000', 'IN', 'same name, subject 34 years older'],
    [0, 'P', 'Zainab Abubakar Sadiq', '1994', 'NG', 'Zainab Abubakar Sadiq', '1960', 'NG', 'same name, births 34 years apart'],
    [0, 'P', 'Grigoriy Melnik', '1972', 'UA', 'Grigoriy Melnik', '1940;1941', 'UA', 'same name, subject 31 years after both listed years'],
    [0, 'P', 'Kofi Boateng Asante', '1983', 'GH', 'Kofi Boateng Asante', '1955', 'GH', 'same name, births 28 years apart'],
    [1, 'P', 'Vasyl Hrytsenko', '1968', 'UA', 'Vasyl Hrytsenko', '1967', 'UA', 'one year apart: list years are often approximate'],
    [1, 'P', 'Samira Bouzid', '1979-04-03', 'DZ', 'Samira Bouzid', '1979-03-04', 'DZ', 'day and month swapped'],
    [1, 'P', 'Farid Nazari', '1964', 'AF', 'Farid Nazari', '1962-1966', 'AF', 'subject year inside the entry range'],
    [1, 'P', 'Joseph Kamau Njoroge', '1958', 'KE', 'Joseph Kamau Njoroge', 'c1957', 'KE', 'one year from a circa year'],
    [1, 'P', 'Chen Meiling', '1975-11-20', 'CN', 'Chen Meiling', '1975', 'CN', 'exact date vs year only, same year'],
    [1, 'P', 'Arturo Benavides Soto', '1971-06-30', 'PE', 'Arturo Benavides Soto', '1971-07-01', 'PE', 'one day apart'],
    [1, 'P', 'Murat Aydogan', '1960', 'TR', 'Murat Aydogan', '1959;1960;1961', 'TR', 'one of several listed years'],
    [1, 'P', 'Oksana Pavlenko', '1983-09-09', 'UA', 'Oksana Pavlenko', '1984', 'UA', 'one year apart'],
    [1, 'P', 'Bashir Haidari', '1977', 'AF', 'Bashir Haidari', 'c1975', 'AF', 'two years from a circa year'],
    [1, 'P', 'Erik Solvang', '1966-01-01', 'NO', 'Erik Solvang', '1966-10-10', 'NO', 'same year, different day (01-01 is a common placeholder)'],
  ],

  nationality: [
    [1, 'P', 'Viktor Anatolyevich Serov', '1969-02-17', 'CY', 'Viktor Anatolyevich Serov', '1969-02-17', 'RU', 'Cypriot vs Russian, name and birth date equal'],
    [1, 'P', 'Nadia Haddad', '1981', 'FR', 'Nadia Haddad', '1981', 'LB', 'French vs Lebanese'],
    [1, 'P', 'Karim Benali', '1975', 'BE', 'Karim Benali', '1975', 'DZ', 'Belgian vs Algerian'],
    [1, 'P', 'Chen Zhiqiang', '1970', 'SG', 'Chen Zhiqiang', '1970', 'CN', 'Singaporean vs Chinese'],
    [1, 'P', 'Ricardo Salazar Mendoza', '1966', 'PA', 'Ricardo Salazar Mendoza', '1966', 'VE', 'Panama vs Venezuela'],
    [1, 'P', 'Olumide Fasanmi', '1972', 'GB', 'Olumide Fasanmi', '1972', 'NG', 'British vs Nigerian'],
    [1, 'P', 'Reza Kamali', '1960', 'CA', 'Reza Kamali', '1960', 'IR', 'Canadian vs Iranian'],
    [1, 'P', 'Sergei Lapin', '1978', 'LV', 'Sergei Lapin', '1978', 'RU', 'Latvian vs Russian'],
    [1, 'P', 'Amir Hosseinzadeh', '1983', 'AE', 'Amir Hosseinzadeh', '1983', 'IR', 'UAE residence vs Iranian'],
    [1, 'P', 'Ayse Kaplan', '1990', 'DE', 'Ayse Kaplan', '1990', 'TR', 'German vs Turkish'],
    [1, 'P', 'Dragan Kostic', '1965', 'ME', 'Dragan Kostic', '1965', 'RS', 'Montenegro vs Serbia'],
    [1, 'P', 'Park Min-soo', '1974', 'KR', 'Park Min-soo', '1974', 'KP', 'South vs North Korea'],
    [1, 'P', 'Moses Otieno Ochieng', '1968', 'UG', 'Moses Otieno Ochieng', '1968', 'KE', 'Uganda vs Kenya'],
    [1, 'P', 'Hans de Groot', '1959', 'CH', 'Hans de Groot', '1959', 'NL', 'Swiss residence vs Dutch'],
    [1, 'P', 'Yusuf Abdirahman Warsame', '1980', 'SE', 'Yusuf Abdirahman Warsame', '1980', 'SO', 'Swedish vs Somali'],
    [1, 'P', 'Mikael Lindgren', '1971', 'FI', 'Mikael Lindgren', '1971', 'SE', 'Finnish vs Swedish'],
    [1, 'P', 'Carmen Ortega Vidal', '1984', 'MX', 'Carmen Ortega Vidal', '1984', 'ES', 'Mexico vs Spain'],
    [1, 'P', 'Tran Quoc Viet', '1977', 'AU', 'Tran Quoc Viet', '1977', 'VN', 'Australia vs Vietnam'],
    [1, 'P', 'Andreas Stavrou', '1962', 'GR', 'Andreas Stavrou', '1962', 'CY', 'Greece vs Cyprus'],
    [1, 'P', 'Suresh Iyer Natarajan', '1958', 'AE', 'Suresh Iyer Natarajan', '1958', 'IN', 'UAE vs India'],
    [1, 'O', 'Orion Maritime Holdings Ltd', '', 'MT', 'Orion Maritime Holdings Ltd', '', 'CY', 'company registered in Malta vs listed in Cyprus'],
    [1, 'O', 'Horizon Agri Export LLC', '', 'AE', 'Horizon Agri Export LLC', '', 'IR', 'UAE vs Iran'],
  ],

  'near-miss-person': [
    [0, 'P', 'Dmitriy Sokolov', '1971', 'RU', 'Dmitriy Sobolev', '1971', 'RU', 'same given name and year, different surname (Sokolov vs Sobolev)'],
    [0, 'P', 'Omar Haddad', '', 'SY', 'Omar Hamdan', '1980', 'SY', 'same given name, different surname'],
    [0, 'P', 'Fatima Benali', '1985', 'MA', 'Fatima Bennani', '1985', 'MA', 'same given name, different surname'],
    [0, 'P', 'Alexander Petrenko', '1966', 'UA', 'Alexander Petrovsky', '', 'RU', 'same given name, surnames share a prefix'],
    [0, 'P', 'Chinedu Okafor', '1980', 'NG', 'Chinedu Okeke', '1980', 'NG', 'same given name and year, different surname'],
    [0, 'P', 'Mehmet Yilmazer', '', 'TR', 'Mehmet Yildiz', '1975', 'TR', 'same given name, different surname'],
    [0, 'P', 'Anders Johansson', '1962', 'SE', 'Anders Jonsson', '1962', 'SE', 'same given name, different (similar) Swedish surname'],
    [0, 'P', 'Carlos Medina', '', 'CO', 'Carlos Molina', '', 'CO', 'same given name, different surname, no dates'],
    [0, 'P', 'Wang Lei', '1988', 'CN', 'Wang Lin', '1988', 'CN', 'short Chinese names: different given name'],
    [0, 'P', 'Ivan Kovalenko', '1970', 'UA', 'Ivan Kovalev', '1970', 'RU', 'same given name, different surname'],
    [0, 'P', 'Priya Raman', '1991', 'IN', 'Priya Ramesh', '', 'IN', 'same given name, different surname'],
    [0, 'P', 'Kwame Asante', '', 'GH', 'Kwame Ansah', '1973', 'GH', 'same given name, different short surname'],
    [0, 'P', 'Aisha Al-Zahrani', '1984', 'SA', 'Fatima Al-Zahrani', '1984', 'SA', 'same surname, different given name'],
    [0, 'P', 'Sergei Morozov', '1965', 'RU', 'Andrei Morozov', '1965', 'RU', 'same surname and year, different given name'],
    [0, 'P', 'Maria Kowalska', '1977', 'PL', 'Marta Kowalska', '1977', 'PL', 'different given names one letter apart, both common names'],
    [0, 'P', 'Jana Novakova', '', 'CZ', 'Jan Novak', '', 'CZ', 'female vs male forms: different people'],
    [0, 'P', 'Aleksandra Ivanova', '1980', 'RU', 'Aleksandr Ivanov', '1980', 'RU', 'female vs male forms, same year'],
    [0, 'P', 'Evgeniya Kuznetsova', '', 'RU', 'Evgeniy Kuznetsov', '1969', 'RU', 'female vs male forms'],
    [0, 'P', 'Daniela Herrera', '1986', 'AR', 'Daniel Herrera', '1986', 'AR', 'female vs male given name, same surname and year'],
    [0, 'P', 'Ahmed Mansour', '1972', 'EG', 'Mahmoud Mansour', '1972', 'EG', 'same surname, different given name'],
    [0, 'P', 'Kim Min-ji', '1995', 'KR', 'Kim Min-jun', '1995', 'KR', 'different Korean given names (female/male)'],
    [0, 'P', 'Li Mei', '1983', 'CN', 'Li Wei', '1983', 'CN', 'short Chinese names, different given name'],
    [0, 'P', 'Nguyen Van Nam', '1970', 'VN', 'Nguyen Van Minh', '1970', 'VN', 'different given name'],
    [0, 'P', 'Tran Thi Lan', '', 'VN', 'Tran Thi Lien', '1988', 'VN', 'different given name, one letter apart'],
    [0, 'P', 'Lin Bo', '1979', 'CN', 'Li Bo', '1979', 'CN', 'different family name (Lin vs Li), short name'],
    [0, 'P', 'Ma Jian', '', 'CN', 'Ma Jun', '', 'CN', 'short names, different given name'],
    [0, 'P', 'Eva Berg', '1961', 'SE', 'Eva Borg', '1961', 'SE', 'short names, different surname (Berg vs Borg)'],
    [0, 'P', 'Yusuf Kaya', '1985', 'TR', 'Yusuf Kara', '1985', 'TR', 'short different surnames (Kaya vs Kara)'],
    [0, 'P', 'Svetlana Orlova', '1974', 'RU', 'Svetlana Orlik', '', 'UA', 'same given name, different surname'],
    [0, 'P', 'Hiroshi Yamamoto', '1958', 'JP', 'Hiroshi Yamaguchi', '1958', 'JP', 'same given name, surnames share Yama-'],
    [0, 'P', 'Giorgos Papadakis', '', 'GR', 'Giorgos Papadopoulos', '1967', 'GR', 'same given name, surnames share Papad-'],
    [0, 'P', 'Abdul Karim Nasser', '1966', 'LB', 'Abdul Rahman Nasser', '1966', 'LB', 'different compound given names sharing Abdul'],
    [0, 'P', 'Juma Hussein', '', 'TZ', 'Juma Hassan', '1970', 'TZ', 'Hassan and Hussein are different names'],
    [0, 'P', 'Emeka Nwankwo', '1979', 'NG', 'Emeka Nwachukwu', '1979', 'NG', 'same given name, surnames share Nw-'],
    [0, 'P', 'Katarzyna Wojtowicz', '', 'PL', 'Katarzyna Wojcik', '1983', 'PL', 'same given name, surnames share Wo-'],
    [0, 'P', 'Javier Moreno', '1974', 'ES', 'Javier Morales', '1974', 'ES', 'same given name, different surname'],
    [0, 'P', 'Rashid Mamedov', '1963', 'AZ', 'Rashid Mahmudov', '1963', 'UZ', 'different surnames (from Muhammad vs Mahmud)'],
  ],

  'near-miss-org': [
    [0, 'O', 'Golden Horizon Travel LLC', '', 'AE', 'Golden Horizon Trading LLC', '', 'AE', 'different business word'],
    [0, 'O', 'Sunset Shipping Ltd', '', 'GR', 'Sunrise Shipping Ltd', '', 'GR', 'Sunset vs Sunrise'],
    [0, 'O', 'Atlas Medical Supplies GmbH', '', 'DE', 'Atlas Import Export GmbH', '', 'DE', 'share only Atlas and the legal form'],
    [0, 'O', 'Al Noor Jewellery LLC', '', 'AE', 'Al Noor General Trading LLC', '', 'AE', 'share only Al Noor'],
    [0, 'O', 'United Medical Services Ltd', '', 'NG', 'United Petroleum Services Ltd', '', 'NG', 'share only generic words'],
    [0, 'O', 'Western Trading FZE', '', 'AE', 'Eastern Trading FZE', '', 'AE', 'Western vs Eastern'],
    [0, 'O', 'Global Marine Solutions Inc', '', 'US', 'Global Energy Solutions Inc', '', 'US', 'share only generic words'],
    [0, 'O', 'Nordic Tanker AS', '', 'NO', 'Nordic Timber AS', '', 'NO', 'Tanker vs Timber'],
    [0, 'O', 'Atlantic Star Logistics Pte Ltd', '', 'SG', 'Pacific Star Logistics Pte Ltd', '', 'SG', 'Atlantic vs Pacific'],
    [0, 'O', 'Silk Road Insurance Holding', '', 'KZ', 'Silk Road Investment Holding', '', 'KZ', 'Insurance vs Investment'],
    [0, 'O', 'First Commercial Bank', '', 'GH', 'First International Bank', '', 'GH', 'Commercial vs International'],
    [0, 'O', 'Blue Ocean Finance Ltd', '', 'HK', 'Blue Ocean Fisheries Ltd', '', 'HK', 'Finance vs Fisheries'],
    [0, 'O', 'Alpine Construction LLC', '', 'US', 'Alpha Construction LLC', '', 'US', 'Alpine vs Alpha'],
    [0, 'O', 'Delta Marine Electronics BV', '', 'NL', 'Delta Marine Engineering BV', '', 'NL', 'Electronics vs Engineering'],
    [0, 'O', 'Orient Pearl Cargo', '', 'CN', 'Orient Express Cargo', '', 'CN', 'Pearl vs Express'],
    [0, 'O', 'Baltic Coal Terminal OOO', '', 'RU', 'Baltic Grain Terminal OOO', '', 'RU', 'Coal vs Grain'],
    [0, 'O', 'Sahara Ceramics Company', '', 'EG', 'Sahara Cement Company', '', 'EG', 'Ceramics vs Cement'],
    [0, 'O', 'Zenith Dental Partners LLP', '', 'GB', 'Zenith Capital Partners LLP', '', 'GB', 'Dental vs Capital'],
    [0, 'O', 'Hong Kong Longhai Trading Co., Ltd.', '', 'HK', 'Hong Kong Longwei Trading Co., Ltd.', '', 'HK', 'Longhai vs Longwei: one distinctive word differs'],
    [0, 'O', 'Anatolian Tile AS', '', 'TR', 'Anatolian Textile AS', '', 'TR', 'Tile vs Textile'],
    [0, 'O', 'Transcontinental Foods Inc', '', 'CA', 'Transcontinental Freight Inc', '', 'CA', 'Foods vs Freight'],
    [0, 'O', 'Green Valley Aviation Ltd', '', 'KE', 'Green Valley Agro Ltd', '', 'KE', 'Aviation vs Agro'],
    [0, 'O', 'Kilimanjaro Mining Ltd', '', 'TZ', 'Kilimanjaro Safaris Ltd', '', 'TZ', 'Mining vs Safaris'],
    [0, 'O', 'Ningbo Jinhai Chemical Co., Ltd.', '', 'CN', 'Ningbo Jinfeng Chemical Co., Ltd.', '', 'CN', 'Jinhai vs Jinfeng'],
    [0, 'O', 'Euro Africa Trading GmbH', '', 'DE', 'Euro Asia Trading GmbH', '', 'DE', 'Africa vs Asia'],
    [0, 'O', 'Nova Trade SRL', '', 'RO', 'Nova Tech SRL', '', 'RO', 'short names: Trade vs Tech'],
    [0, 'O', 'ABD Trading LLC', '', 'AE', 'ABC Trading LLC', '', 'AE', 'acronyms one letter apart: different companies'],
  ],

  'entity-type': [
    [0, 'OP', 'Sokolenko Group LLC', '', 'RU', 'Pavel Sokolenko', '1970', 'RU', 'company subject vs person entry sharing a surname'],
    [0, 'OP', 'Al Rashidi Trading Est', '', 'KW', 'Khalid Al Rashidi', '1968', 'KW', 'company vs person'],
    [0, 'PV', 'Maria Elena Duarte', '1982', 'PA', 'MARIA ELENA', '', 'PA', 'person vs vessel named Maria Elena'],
    [0, 'PO', 'Santiago Ruiz Benitez', '1975', 'PY', 'Ruiz Benitez Hermanos S.A.', '', 'PY', 'person vs company'],
    [0, 'OP', 'Okafor & Sons Ltd', '', 'NG', 'Emmanuel Okafor', '1965', 'NG', 'company vs person'],
    [0, 'PV', 'Aurora Lindberg', '1990', 'SE', 'AURORA', '', 'SE', 'person vs vessel Aurora'],
    [0, 'OP', 'Petrov Consulting OOO', '', 'RU', 'Igor Petrov', '1962', 'RU', 'company vs person'],
    [0, 'OP', 'Karimov Brothers Construction', '', 'UZ', 'Rustam Karimov', '1971', 'UZ', 'company vs person'],
    [0, 'PV', 'Cheng Hai', '1977', 'CN', 'CHENG HAI 8', '', 'CN', 'person vs vessel with the same words'],
    [0, 'OP', 'Brandstetter Logistik GmbH', '', 'AT', 'Thomas Brandstetter', '1959', 'AT', 'company vs person'],
    [1, 'NP', 'Pavel Igorevich Demchenko', '', 'RU', 'Pavel Igorevich Demchenko', '1972', 'RU', 'beneficiary of unknown type, same person name'],
    [1, 'NO', 'Marlin Shipping Ltd', '', 'MT', 'Marlin Shipping Limited', '', 'MT', 'beneficiary of unknown type, same company'],
    [1, 'NP', 'Hamid Nouri Zadeh', '', 'IR', 'Hamid Nourizadeh', '1966', 'IR', 'beneficiary of unknown type, split surname'],
    [1, 'NO', 'Blue Heron Ventures SA', '', 'PA', 'Blue Heron Ventures S.A.', '', 'PA', 'beneficiary of unknown type, same company'],
  ],

  alias: [
    [1, 'P', 'Viktor Shelest', '1964', 'RU', 'Viktor Anatolyevich Shelestov | Viktor Shelest', '1964', 'RU', 'subject equals a strong AKA'],
    [1, 'O', 'Nordic Star Shipping Ltd', '', 'CY', 'Arctic Line Shipping Ltd | fka:Nordic Star Shipping Ltd', '', 'CY', 'subject equals the former name (FKA)'],
    [1, 'P', 'Ahmad Sharifi', '1970', 'IR', 'Ahmad Sharifi-Nejad | Ahmad Sharifi', '1970', 'IR', 'subject equals a shorter AKA'],
    [1, 'P', 'Elena Voronova', '1977', 'RU', 'Elena Sergeyevna Markova | Elena Voronova', '1977', 'RU', 'maiden/married name given as AKA'],
    [1, 'O', 'Golden Gate Commodities FZE', '', 'AE', 'Zhenhua Resources FZE | Golden Gate Commodities', '', 'AE', 'trading name as AKA, legal form only on the subject'],
    [1, 'P', 'Mustafa Demirci', '1969', 'TR', 'Mustafa Demirci | ~Abu Omar', '1969', 'TR', 'primary equal; the entry also has a weak alias'],
    [0, 'P', 'Omar Demirci', '1992', 'DE', 'Mustafa Demirci | ~Abu Omar', '1969', 'TR', 'shares only the surname and a word of a weak alias, births 23 years apart'],
    [1, 'P', 'Liang Haitao', '1961', 'CN', 'Leung Hoi-to | Liang Haitao', '1961', 'HK', 'Mandarin pinyin AKA of a Cantonese primary'],
    [1, 'P', 'Sergej Schewtschenko', '1967', 'DE', 'Sergey Shevchenko | Serhiy Shevchenko', '1967', 'UA', 'German romanisation vs the English/Ukrainian ones (hard)'],
    [1, 'P', 'Amira Khalil Nasser', '1983', 'JO', 'Amira Khalil | Amira Nasser', '1983', 'JO', 'subject joins primary and AKA'],
    [1, 'O', 'Transoceanic Bulk Carriers SA', '', 'PA', 'TBC Shipping SA | Transoceanic Bulk Carriers', '', 'PA', 'full name given as AKA of an acronym primary'],
    [1, 'P', 'Olga Petrenko-Vasilyeva', '1975', 'RU', 'Olga Vasilyeva | Olga Petrenko', '1975', 'RU', 'double-barrelled surname vs two AKAs'],
    [1, 'P', 'Kaveh Ardalan', '1958', 'IR', 'Kaveh Ardalan | ~The Engineer', '1958', 'IR', 'primary equal; entry has a weak nickname alias'],
  ],
};

export function holdoutPairs(): Pair[] {
  const pairs: Pair[] = [];
  let n = 0;
  for (const [category, rows] of Object.entries(SETS)) {
    for (const [match, t, sName, sBirth, sCountries, eNames, eBirths, eCountries, note] of rows) {
      const [subjectType, entryType] = TYPES[t];
      const subject: Pair['subject'] = { name: sName, entityType: subjectType };
      if (sBirth) subject.birthDate = sBirth;
      if (sCountries) subject.countries = countries(sCountries);
      pairs.push({
        id: `H${String(++n).padStart(3, '0')}`,
        category,
        subject,
        entry: { names: names(eNames), entityType: entryType, birthDates: births(eBirths), countries: countries(eCountries) },
        match: match === 1,
        note,
      });
    }
  }
  return pairs;
}

function main(): void {
  const pairs = holdoutPairs();
  const out = path.join(process.cwd(), 'tests', 'fixtures', 'aml', 'evaluation-holdout.json');
  const set = { generator: 'scripts/aml-evaluation-holdout.ts (hand-written table, written without reading the matcher)', seed: 0, pairs };
  writeFileSync(out, JSON.stringify(set, null, 2) + '\n');
  const by = new Map<string, [number, number]>();
  for (const p of pairs) {
    const c = by.get(p.category) ?? [0, 0];
    c[p.match ? 0 : 1]++;
    by.set(p.category, c);
  }
  console.log(`${pairs.length} pairs -> ${path.relative(process.cwd(), out)}`);
  for (const [k, [m, nm]] of by) console.log(`  ${k.padEnd(18)} ${m + nm} (${m} match, ${nm} no match)`);
}

if (process.argv[1] && /aml-evaluation-holdout\.ts$/.test(process.argv[1])) main();
