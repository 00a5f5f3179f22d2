/**
 * Generates the labelled evaluation set of the AML name matcher, deterministically:
 *
 *   npx tsx scripts/aml-evaluation-set.ts                      -> tests/fixtures/aml/evaluation.json (seed 1)
 *   npx tsx scripts/aml-evaluation-set.ts --seed 2 --out x.json   another draw from the same tables (held out)
 *
 * Every name is invented or generic: common given names and surnames of each culture combined at
 * random, and company names built from generic words. No real sanctioned person or company.
 *
 * How the labels are decided (what a careful compliance officer would say; docs/aml-matcher.md):
 *   - the same person or company written differently is a match: typos, transliterations, the
 *     order of the names, a middle name or patronymic left out, diacritics, legal forms,
 *     initials, particles, aliases;
 *   - a typo is at most 1 edit in a token of 4-7 letters and at most 2 in a token of 8+ letters
 *     (tokens of 3 letters or fewer are never altered: there one letter makes another name);
 *   - a near-miss (no match) differs in a whole token by 3+ edits ("Smith" / "Smithson"), or in a
 *     short token (2-3 letters, "Wu Lei" / "Wu Fei"), or is one common token of a longer name
 *     ("Ali" / "Ali Hassan"): pairs that could be a typo of each other (Hernandez / Fernandez)
 *     are never drawn as near-misses;
 *   - the same name born 5+ years apart (both dates known) is another person;
 *   - a person never matches an organization, vessel or aircraft;
 *   - a weak alias (OFAC "weak AKA") matches only as written: a variant of it is no match
 *     (the policy of nomenklatura's weak_alias_match; OFAC treats weak AKAs as low-quality).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { editDistance } from '../lib/services/aml/matcher/jaro-winkler';
import { Rng } from './aml-synthetic-list';
import type { AmlEntityType, EntryBirthDate, EntryName, ScreeningSubject } from '../lib/services/aml/model';

export interface EvaluationPair {
  id: string;
  category: string;
  subject: ScreeningSubject;
  entry: { names: EntryName[]; entityType: AmlEntityType; birthDates: EntryBirthDate[]; countries: string[] };
  match: boolean;
  /** why the label is what it is, for the reviewer */
  note: string;
}

// ---------------------------------------------------------------- name tables

const ANGLO_GIVEN_M = [
  'John',
  'Michael',
  'David',
  'James',
  'Robert',
  'William',
  'Richard',
  'Thomas',
  'Charles',
  'Daniel',
  'Matthew',
  'Anthony',
  'Mark',
  'Steven',
  'Paul',
  'Andrew',
  'Joshua',
  'Kenneth',
  'Kevin',
  'Brian',
  'George',
  'Edward',
  'Ronald',
  'Timothy',
  'Jason',
  'Jeffrey',
  'Ryan',
  'Jacob',
  'Gary',
  'Nicholas',
  'Eric',
  'Jonathan',
  'Stephen',
  'Justin',
  'Scott',
  'Brandon',
  'Benjamin',
  'Samuel',
  'Gregory',
  'Frank',
  'Raymond',
  'Patrick',
  'Dennis',
  'Harold',
  'Douglas',
  'Peter',
  'Nathan',
  'Walter',
  'Kyle',
  'Arthur',
  'Lawrence',
  'Vincent',
  'Philip',
  'Russell',
  'Bradley',
  'Howard',
  'Oliver',
  'Simon',
  'Graham',
  'Trevor',
];
const ANGLO_GIVEN_F = [
  'Mary',
  'Patricia',
  'Jennifer',
  'Linda',
  'Elizabeth',
  'Barbara',
  'Susan',
  'Jessica',
  'Sarah',
  'Karen',
  'Nancy',
  'Margaret',
  'Lisa',
  'Dorothy',
  'Sandra',
  'Ashley',
  'Kimberly',
  'Donna',
  'Emily',
  'Michelle',
  'Carol',
  'Amanda',
  'Melissa',
  'Deborah',
  'Stephanie',
  'Rebecca',
  'Laura',
  'Sharon',
  'Cynthia',
  'Kathleen',
  'Helen',
  'Angela',
  'Brenda',
  'Pamela',
  'Nicole',
  'Katherine',
  'Samantha',
  'Christine',
  'Catherine',
  'Virginia',
  'Rachel',
  'Janet',
  'Heather',
  'Diane',
  'Victoria',
  'Christina',
  'Evelyn',
  'Lauren',
  'Judith',
  'Olivia',
  'Megan',
  'Andrea',
  'Hannah',
  'Jacqueline',
  'Gloria',
  'Theresa',
  'Beverly',
  'Denise',
  'Abigail',
  'Gwendolyn',
];
const ANGLO_SURNAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Jackson',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Hill',
  'Green',
  'Adams',
  'Baker',
  'Nelson',
  'Carter',
  'Mitchell',
  'Roberts',
  'Turner',
  'Phillips',
  'Campbell',
  'Parker',
  'Evans',
  'Edwards',
  'Collins',
  'Stewart',
  'Morris',
  'Murphy',
  'Cook',
  'Rogers',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Wood',
  'Bennett',
  'Gray',
  'Hughes',
  'Price',
  'Sanders',
  'Myers',
  'Ross',
  'Foster',
  'Powell',
  'Jenkins',
  'Perry',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Fisher',
  'Simmons',
  'Marshall',
  'Owens',
  'Harrison',
  'Gibson',
  'Wallace',
  'Hamilton',
  'Ellis',
  'Fleming',
  'Holmes',
  'Palmer',
  'Lawson',
  'Hunt',
  'Stone',
  'Webb',
  'Porter',
  'Hudson',
  'Fletcher',
  'Crawford',
  'Knight',
  'Burke',
  'Dixon',
  'Hayes',
  'Pearson',
  'Chapman',
  'Barker',
  'Whitfield',
  'Pemberton',
  'Ashworth',
  'Thornton',
  'Blackwood',
  'Kingsley',
  'Radcliffe',
  'Winslow',
  'Hargreaves',
  'Cartwright',
  'Underwood',
  'Smithson',
  'Robertson',
  'Donaldson',
  'Macintosh',
  'Fitzgerald',
  'Livingstone',
];
const HISPANIC_GIVEN = [
  'Jose',
  'Luis',
  'Carlos',
  'Juan',
  'Miguel',
  'Jorge',
  'Pedro',
  'Manuel',
  'Francisco',
  'Antonio',
  'Javier',
  'Alejandro',
  'Fernando',
  'Ricardo',
  'Sergio',
  'Eduardo',
  'Roberto',
  'Diego',
  'Maria',
  'Ana',
  'Carmen',
  'Isabel',
  'Elena',
  'Rosa',
  'Marta',
  'Paula',
  'Gabriela',
  'Valentina',
  'Daniela',
  'Camila',
  'Beatriz',
  'Veronica',
];
const HISPANIC_SURNAMES = [
  'Garcia',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Perez',
  'Sanchez',
  'Ramirez',
  'Torres',
  'Flores',
  'Rivera',
  'Gomez',
  'Diaz',
  'Reyes',
  'Morales',
  'Cruz',
  'Ortiz',
  'Gutierrez',
  'Chavez',
  'Ramos',
  'Ruiz',
  'Alvarez',
  'Mendoza',
  'Castillo',
  'Jimenez',
  'Moreno',
  'Romero',
  'Herrera',
  'Medina',
  'Aguilar',
  'Vargas',
  'Castro',
  'Guzman',
  'Salazar',
  'Navarro',
  'Cortes',
  'Rios',
  'Fuentes',
  'Cabrera',
  'Sandoval',
  'Villanueva',
];
const GERMANIC_GIVEN = [
  'Hans',
  'Peter',
  'Klaus',
  'Stefan',
  'Andreas',
  'Thomas',
  'Markus',
  'Jan',
  'Pieter',
  'Willem',
  'Lars',
  'Erik',
  'Anna',
  'Katrin',
  'Sabine',
  'Monika',
  'Ingrid',
  'Johanna',
];
const GERMANIC_SURNAMES = [
  'Schneider',
  'Fischer',
  'Weber',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Hartmann',
  'Lange',
  'Werner',
  'Krause',
  'Lehmann',
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Mulder',
  'Bos',
  'Vos',
  'Dekker',
  'Lindqvist',
  'Johansson',
  'Nilsson',
];
const ARABIC_GIVEN = [
  'Mohammed',
  'Ahmed',
  'Ali',
  'Hassan',
  'Hussein',
  'Omar',
  'Yusuf',
  'Khalid',
  'Ibrahim',
  'Saeed',
  'Karim',
  'Tariq',
  'Majid',
  'Samir',
  'Faisal',
  'Nasser',
  'Jamal',
  'Rami',
  'Walid',
  'Ziad',
  'Hani',
  'Adel',
  'Bassem',
  'Munir',
  'Rashid',
  'Fatima',
  'Maryam',
  'Zainab',
  'Layla',
  'Nour',
  'Salma',
  'Huda',
  'Amina',
  'Mahmoud',
  'Mustafa',
  'Osman',
  'Suleiman',
  'Abdullah',
  'Ismail',
  'Anwar',
  'Bilal',
  'Hamza',
  'Idris',
  'Jalal',
  'Kamal',
  'Mansour',
  'Nabil',
  'Qasim',
  'Sami',
  'Tawfiq',
  'Yasser',
  'Zaki',
];
const ARABIC_SURNAMES = [
  'Haddad',
  'Mansour',
  'Suleiman',
  'Othman',
  'Saleh',
  'Jaber',
  'Issa',
  'Nasr',
  'Hamdan',
  'Darwish',
  'Khoury',
  'Sharif',
  'Younis',
  'Qureshi',
  'Rahimi',
  'Karimi',
  'Tahir',
  'Zaidi',
  'Farouk',
  'Ghanem',
  'Habib',
  'Kassab',
  'Nassar',
  'Sabbagh',
  'Tamimi',
  'Zayed',
  'Barakat',
  'Shaheen',
  'Bakri',
  'Hijazi',
  'Khatib',
  'Masri',
  'Shami',
  'Omari',
  'Najjar',
  'Rashidi',
  'Halabi',
  'Kurdi',
  'Baghdadi',
  'Jaziri',
];
const SLAVIC_GIVEN = [
  'Ivan',
  'Sergey',
  'Dmitry',
  'Andrey',
  'Alexey',
  'Nikolai',
  'Mikhail',
  'Vladimir',
  'Oleg',
  'Igor',
  'Pavel',
  'Viktor',
  'Boris',
  'Roman',
  'Anton',
  'Maxim',
  'Tatiana',
  'Natalia',
  'Elena',
  'Olga',
  'Irina',
  'Svetlana',
  'Anastasia',
  'Yulia',
  'Marina',
  'Ekaterina',
];
const SLAVIC_SURNAMES = [
  'Ivanov',
  'Petrov',
  'Sidorov',
  'Kuznetsov',
  'Sokolov',
  'Popov',
  'Lebedev',
  'Kozlov',
  'Novikov',
  'Morozov',
  'Volkov',
  'Zaitsev',
  'Fedorov',
  'Zhukov',
  'Belov',
  'Orlov',
  'Kovalenko',
  'Bondarenko',
  'Shevchenko',
  'Tkachenko',
  'Kravchenko',
  'Melnyk',
  'Nowak',
  'Kowalczyk',
  'Wozniak',
  'Mazur',
  'Krawczyk',
  'Horvat',
  'Novak',
  'Kovac',
  'Tikhonov',
  'Karpov',
  'Gusev',
  'Vinogradov',
  'Bogdanov',
  'Vorobyov',
  'Frolov',
  'Alekseev',
  'Stepanov',
  'Nikitin',
];
const CHINESE_SURNAMES_LATIN = [
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Chen',
  'Yang',
  'Huang',
  'Zhao',
  'Wu',
  'Zhou',
  'Xu',
  'Sun',
  'Ma',
  'Zhu',
  'Hu',
  'Guo',
  'He',
  'Lin',
  'Luo',
  'Gao',
  'Zheng',
  'Liang',
  'Xie',
  'Song',
  'Tang',
  'Han',
  'Feng',
  'Deng',
  'Cao',
];
const TURKISH_GIVEN = ['Mehmet', 'Mustafa', 'Emre', 'Burak', 'Murat', 'Serkan', 'Ayse', 'Zeynep', 'Elif', 'Emine'];
const TURKISH_SURNAMES = [
  'Yilmaz',
  'Kaya',
  'Demir',
  'Sahin',
  'Celik',
  'Yildiz',
  'Yildirim',
  'Ozturk',
  'Aydin',
  'Ozdemir',
  'Arslan',
  'Dogan',
  'Kilic',
  'Aslan',
  'Cetin',
  'Kara',
  'Koc',
  'Kurt',
  'Ozkan',
  'Simsek',
];

interface Culture {
  name: string;
  given: readonly string[];
  surnames: readonly string[];
}
/** Given names that are women's: a middle name keeps the gender of the first, a Slavic surname takes its feminine form. */
const FEMALE = new Set([
  ...ANGLO_GIVEN_F,
  'Maria',
  'Ana',
  'Carmen',
  'Isabel',
  'Elena',
  'Rosa',
  'Marta',
  'Paula',
  'Gabriela',
  'Valentina',
  'Daniela',
  'Camila',
  'Beatriz',
  'Veronica',
  'Anna',
  'Katrin',
  'Sabine',
  'Monika',
  'Ingrid',
  'Johanna',
  'Fatima',
  'Maryam',
  'Zainab',
  'Layla',
  'Nour',
  'Salma',
  'Huda',
  'Amina',
  'Tatiana',
  'Natalia',
  'Olga',
  'Irina',
  'Svetlana',
  'Anastasia',
  'Yulia',
  'Marina',
  'Ekaterina',
  'Ayse',
  'Zeynep',
  'Elif',
  'Emine',
]);
/** A middle name for `given`: another given name of the culture, of the same gender. */
const middleFor = (rng: Rng, culture: Culture, given: string) => rng.pick(culture.given.filter((g) => g !== given && FEMALE.has(g) === FEMALE.has(given)));
const CULTURES: readonly Culture[] = [
  { name: 'anglo', given: [...ANGLO_GIVEN_M, ...ANGLO_GIVEN_F], surnames: ANGLO_SURNAMES },
  { name: 'hispanic', given: HISPANIC_GIVEN, surnames: HISPANIC_SURNAMES },
  { name: 'germanic', given: GERMANIC_GIVEN, surnames: GERMANIC_SURNAMES },
  { name: 'arabic', given: ARABIC_GIVEN, surnames: ARABIC_SURNAMES },
  { name: 'slavic', given: SLAVIC_GIVEN, surnames: SLAVIC_SURNAMES },
  { name: 'turkish', given: TURKISH_GIVEN, surnames: TURKISH_SURNAMES },
];

/** Cyrillic names with the Latin spellings passports and lists use. */
const CYRILLIC_GIVEN: readonly [string, readonly string[]][] = [
  ['Александр', ['Alexander', 'Aleksandr', 'Alexandr']],
  ['Дмитрий', ['Dmitry', 'Dmitriy', 'Dmitri']],
  ['Сергей', ['Sergei', 'Sergey']],
  ['Андрей', ['Andrei', 'Andrey']],
  ['Алексей', ['Alexei', 'Aleksey', 'Alexey']],
  ['Юрий', ['Yuri', 'Yuriy', 'Yury']],
  ['Евгений', ['Evgeny', 'Yevgeny', 'Evgeniy']],
  ['Николай', ['Nikolai', 'Nikolay']],
  ['Михаил', ['Mikhail']],
  ['Владимир', ['Vladimir']],
  ['Олег', ['Oleg']],
  ['Игорь', ['Igor']],
  ['Павел', ['Pavel']],
  ['Виктор', ['Viktor', 'Victor']],
  ['Вячеслав', ['Vyacheslav', 'Viacheslav']],
  ['Геннадий', ['Gennady', 'Gennadiy']],
  ['Татьяна', ['Tatiana', 'Tatyana']],
  ['Наталья', ['Natalia', 'Natalya']],
  ['Елена', ['Elena', 'Yelena']],
  ['Ольга', ['Olga']],
  ['Ирина', ['Irina']],
  ['Светлана', ['Svetlana']],
  ['Анастасия', ['Anastasia', 'Anastasiya']],
  ['Юлия', ['Yulia', 'Yuliya']],
];
const CYRILLIC_SURNAMES: readonly [string, readonly string[], string, readonly string[]][] = [
  // male, its spellings, female, its spellings
  ['Кузнецов', ['Kuznetsov'], 'Кузнецова', ['Kuznetsova']],
  ['Соколов', ['Sokolov'], 'Соколова', ['Sokolova']],
  ['Попов', ['Popov'], 'Попова', ['Popova']],
  ['Лебедев', ['Lebedev'], 'Лебедева', ['Lebedeva']],
  ['Козлов', ['Kozlov'], 'Козлова', ['Kozlova']],
  ['Новиков', ['Novikov'], 'Новикова', ['Novikova']],
  ['Морозов', ['Morozov'], 'Морозова', ['Morozova']],
  ['Волков', ['Volkov'], 'Волкова', ['Volkova']],
  ['Зайцев', ['Zaitsev', 'Zaytsev'], 'Зайцева', ['Zaitseva', 'Zaytseva']],
  ['Фёдоров', ['Fedorov', 'Fyodorov'], 'Фёдорова', ['Fedorova']],
  ['Жуков', ['Zhukov'], 'Жукова', ['Zhukova']],
  ['Щербаков', ['Shcherbakov', 'Scherbakov'], 'Щербакова', ['Shcherbakova']],
  ['Яковлев', ['Yakovlev', 'Iakovlev'], 'Яковлева', ['Yakovleva']],
  ['Григорьев', ['Grigoryev', 'Grigoriev'], 'Григорьева', ['Grigoryeva', 'Grigorieva']],
  ['Белов', ['Belov'], 'Белова', ['Belova']],
  ['Орлов', ['Orlov'], 'Орлова', ['Orlova']],
  ['Ковалёв', ['Kovalev', 'Kovalyov'], 'Ковалёва', ['Kovaleva']],
  ['Тихонов', ['Tikhonov'], 'Тихонова', ['Tikhonova']],
  ['Карпов', ['Karpov'], 'Карпова', ['Karpova']],
  ['Воробьёв', ['Vorobyov', 'Vorobiev'], 'Воробьёва', ['Vorobyova']],
];
const CYRILLIC_FEMALE = new Set(['Татьяна', 'Наталья', 'Елена', 'Ольга', 'Ирина', 'Светлана', 'Анастасия', 'Юлия']);
const PATRONYMICS: readonly [string, readonly string[], string, readonly string[]][] = [
  ['Иванович', ['Ivanovich'], 'Ивановна', ['Ivanovna']],
  ['Петрович', ['Petrovich'], 'Петровна', ['Petrovna']],
  ['Сергеевич', ['Sergeevich', 'Sergeyevich'], 'Сергеевна', ['Sergeevna']],
  ['Николаевич', ['Nikolaevich', 'Nikolayevich'], 'Николаевна', ['Nikolaevna']],
  ['Владимирович', ['Vladimirovich'], 'Владимировна', ['Vladimirovna']],
  ['Андреевич', ['Andreevich', 'Andreyevich'], 'Андреевна', ['Andreevna']],
  ['Игоревич', ['Igorevich'], 'Игоревна', ['Igorevna']],
  ['Олегович', ['Olegovich'], 'Олеговна', ['Olegovna']],
];

/** Arabic-script names with common Latin spellings. */
const ARABIC_SCRIPT_GIVEN: readonly [string, readonly string[]][] = [
  ['محمد', ['Mohammed', 'Muhammad', 'Mohamed', 'Mohammad']],
  ['أحمد', ['Ahmed', 'Ahmad']],
  ['علي', ['Ali']],
  ['حسن', ['Hassan', 'Hasan']],
  ['حسين', ['Hussein', 'Husain', 'Hussain']],
  ['عمر', ['Omar', 'Umar']],
  ['يوسف', ['Yusuf', 'Yousef', 'Youssef']],
  ['خالد', ['Khalid', 'Khaled']],
  ['إبراهيم', ['Ibrahim']],
  ['سعيد', ['Saeed', 'Said']],
  ['كريم', ['Karim', 'Kareem']],
  ['طارق', ['Tariq', 'Tarek']],
  ['ماجد', ['Majid', 'Maged']],
  ['سمير', ['Samir', 'Sameer']],
  ['فيصل', ['Faisal', 'Faysal']],
  ['ناصر', ['Nasser', 'Nasir']],
  ['جمال', ['Jamal', 'Gamal']],
  ['رامي', ['Rami']],
  ['وليد', ['Walid', 'Waleed']],
  ['زياد', ['Ziad', 'Ziyad']],
  ['هاني', ['Hani', 'Hany']],
  ['عادل', ['Adel', 'Adil']],
  ['باسم', ['Basem', 'Bassem']],
  ['منير', ['Munir', 'Mounir']],
  ['فاطمة', ['Fatima', 'Fatma']],
  ['مريم', ['Maryam', 'Mariam']],
  ['زينب', ['Zainab', 'Zaynab']],
  ['ليلى', ['Layla', 'Leila']],
  ['نور', ['Nour', 'Noor']],
  ['سلمى', ['Salma']],
  ['هدى', ['Huda', 'Hoda']],
  ['محمود', ['Mahmoud', 'Mahmud']],
  ['عبد الله', ['Abdullah', 'Abdallah']],
  ['عبد الرحمن', ['Abdulrahman', 'Abdul Rahman', 'Abd al-Rahman']],
  ['عبد العزيز', ['Abdulaziz', 'Abdel Aziz']],
];
const ARABIC_SCRIPT_SURNAMES: readonly [string, readonly string[]][] = [
  ['الرشيد', ['al-Rashid', 'Al Rashid', 'Alrashid', 'Al-Rasheed']],
  ['الحداد', ['al-Haddad', 'Alhaddad', 'El Haddad']],
  ['النجار', ['al-Najjar', 'Alnajjar']],
  ['الخطيب', ['al-Khatib', 'Al Khateeb']],
  ['المصري', ['al-Masri', 'El Masri']],
  ['الشامي', ['al-Shami', 'Alshami']],
  ['العمري', ['al-Omari', 'Alomari']],
  ['القاسم', ['al-Qasim', 'Al Kassim']],
  ['حداد', ['Haddad']],
  ['منصور', ['Mansour', 'Mansur']],
  ['سليمان', ['Suleiman', 'Sulaiman']],
  ['عثمان', ['Othman', 'Osman']],
  ['صالح', ['Saleh', 'Salih']],
  ['جابر', ['Jaber', 'Jabir']],
  ['نصر', ['Nasr']],
  ['حمدان', ['Hamdan']],
  ['درويش', ['Darwish', 'Darwich']],
  ['خوري', ['Khoury', 'Khouri']],
  ['شريف', ['Sharif', 'Sherif']],
  ['يونس', ['Younis', 'Yunus']],
  ['بركات', ['Barakat']],
];

const GREEK_GIVEN: readonly [string, readonly string[]][] = [
  ['Γεώργιος', ['Georgios']],
  ['Γιώργος', ['Giorgos', 'Yiorgos']],
  ['Δημήτριος', ['Dimitrios']],
  ['Νικόλαος', ['Nikolaos']],
  ['Ιωάννης', ['Ioannis']],
  ['Κωνσταντίνος', ['Konstantinos', 'Constantinos']],
  ['Χρήστος', ['Christos', 'Hristos']],
  ['Παναγιώτης', ['Panagiotis', 'Panayiotis']],
  ['Αθανάσιος', ['Athanasios']],
  ['Ευάγγελος', ['Evangelos']],
  ['Ελένη', ['Eleni']],
  ['Μαρία', ['Maria']],
  ['Αικατερίνη', ['Aikaterini']],
  ['Σοφία', ['Sofia', 'Sophia']],
  ['Αναστασία', ['Anastasia']],
  ['Σπυρίδων', ['Spyridon', 'Spiridon']],
  ['Θεόδωρος', ['Theodoros']],
];
const GREEK_SURNAMES: readonly [string, readonly string[]][] = [
  ['Παπαδόπουλος', ['Papadopoulos']],
  ['Οικονόμου', ['Oikonomou', 'Ikonomou']],
  ['Γεωργίου', ['Georgiou']],
  ['Νικολάου', ['Nikolaou']],
  ['Βασιλείου', ['Vasileiou', 'Vassiliou']],
  ['Καραγιάννης', ['Karagiannis', 'Karayannis']],
  ['Αλεξίου', ['Alexiou']],
  ['Μακρής', ['Makris']],
  ['Παππάς', ['Pappas']],
  ['Δημητρίου', ['Dimitriou']],
  ['Αντωνίου', ['Antoniou']],
  ['Κωνσταντίνου', ['Konstantinou']],
  ['Μιχαηλίδης', ['Michailidis']],
  ['Ιωαννίδης', ['Ioannidis']],
  ['Σταυρόπουλος', ['Stavropoulos']],
  ['Αγγελόπουλος', ['Angelopoulos']],
  ['Μπακογιάννης', ['Bakogiannis']],
  ['Ζαφειρίου', ['Zafeiriou']],
  ['Λαμπράκης', ['Lambrakis', 'Lamprakis']],
  ['Τσακίρης', ['Tsakiris']],
];

const CHINESE_SURNAMES: readonly [string, string][] = [
  ['王', 'Wang'],
  ['李', 'Li'],
  ['张', 'Zhang'],
  ['刘', 'Liu'],
  ['陈', 'Chen'],
  ['杨', 'Yang'],
  ['黄', 'Huang'],
  ['赵', 'Zhao'],
  ['吴', 'Wu'],
  ['周', 'Zhou'],
  ['徐', 'Xu'],
  ['孙', 'Sun'],
  ['马', 'Ma'],
  ['朱', 'Zhu'],
  ['胡', 'Hu'],
  ['郭', 'Guo'],
  ['何', 'He'],
  ['林', 'Lin'],
  ['罗', 'Luo'],
  ['高', 'Gao'],
  ['郑', 'Zheng'],
  ['梁', 'Liang'],
  ['谢', 'Xie'],
  ['宋', 'Song'],
  ['唐', 'Tang'],
];
/** Given names: characters and pinyin syllables. */
const CHINESE_GIVEN: readonly [string, readonly string[]][] = [
  ['伟', ['Wei']],
  ['芳', ['Fang']],
  ['敏', ['Min']],
  ['静', ['Jing']],
  ['强', ['Qiang']],
  ['磊', ['Lei']],
  ['军', ['Jun']],
  ['勇', ['Yong']],
  ['杰', ['Jie']],
  ['涛', ['Tao']],
  ['明', ['Ming']],
  ['超', ['Chao']],
  ['建国', ['Jian', 'guo']],
  ['志强', ['Zhi', 'qiang']],
  ['海燕', ['Hai', 'yan']],
  ['小龙', ['Xiao', 'long']],
  ['国华', ['Guo', 'hua']],
  ['晓明', ['Xiao', 'ming']],
  ['秀英', ['Xiu', 'ying']],
  ['文博', ['Wen', 'bo']],
  ['子涵', ['Zi', 'han']],
  ['宇轩', ['Yu', 'xuan']],
  ['嘉怡', ['Jia', 'yi']],
  ['俊杰', ['Jun', 'jie']],
  ['欣怡', ['Xin', 'yi']],
  ['浩然', ['Hao', 'ran']],
  ['思远', ['Si', 'yuan']],
  ['立新', ['Li', 'xin']],
];
const pinyin = (syllables: readonly string[]) => syllables.join('');

/** Names with diacritics and their plain ASCII spelling. */
const DIACRITIC_GIVEN: readonly [string, string][] = [
  ['José', 'Jose'],
  ['Andrés', 'Andres'],
  ['Raúl', 'Raul'],
  ['Sofía', 'Sofia'],
  ['Lucía', 'Lucia'],
  ['Inés', 'Ines'],
  ['Jürgen', 'Jurgen'],
  ['Günther', 'Gunther'],
  ['Björn', 'Bjorn'],
  ['François', 'Francois'],
  ['Hélène', 'Helene'],
  ['Gérard', 'Gerard'],
  ['Benoît', 'Benoit'],
  ['Łukasz', 'Lukasz'],
  ['Paweł', 'Pawel'],
  ['Małgorzata', 'Malgorzata'],
  ['Şükrü', 'Sukru'],
  ['Çağla', 'Cagla'],
  ['Søren', 'Soren'],
  ['Åsa', 'Asa'],
  ['Zoë', 'Zoe'],
  ['Ştefan', 'Stefan'],
  ['Tomáš', 'Tomas'],
  ['Jiří', 'Jiri'],
  ['Dorottya', 'Dorottya'],
  ['Nuño', 'Nuno'],
];
const DIACRITIC_SURNAMES: readonly [string, string][] = [
  ['Martínez', 'Martinez'],
  ['Hernández', 'Hernandez'],
  ['López', 'Lopez'],
  ['González', 'Gonzalez'],
  ['Pérez', 'Perez'],
  ['Sánchez', 'Sanchez'],
  ['Gómez', 'Gomez'],
  ['Núñez', 'Nunez'],
  ['Muñoz', 'Munoz'],
  ['Ibáñez', 'Ibanez'],
  ['Schäfer', 'Schafer'],
  ['Köhler', 'Kohler'],
  ['Weiß', 'Weiss'],
  ['Lefèvre', 'Lefevre'],
  ['Bérénger', 'Berenger'],
  ['Wójcik', 'Wojcik'],
  ['Wiśniewski', 'Wisniewski'],
  ['Dąbrowski', 'Dabrowski'],
  ['Öztürk', 'Ozturk'],
  ['Çelik', 'Celik'],
  ['Yıldız', 'Yildiz'],
  ['Jørgensen', 'Jorgensen'],
  ['Dvořák', 'Dvorak'],
  ['Černý', 'Cerny'],
  ['Kovač', 'Kovac'],
  ['Nguyễn', 'Nguyen'],
  ['Ångström', 'Angstrom'],
  ['Brontë', 'Bronte'],
];

/** Latin spellings of one name a transliteration convention produces (not in the script tables above). */
const LATIN_VARIANTS: readonly (readonly string[])[] = [
  ['Mohammed', 'Muhammad', 'Mohamed', 'Mohammad', 'Mohamad'],
  ['Yusuf', 'Yousef', 'Youssef', 'Yusef'],
  ['Aleksandr', 'Alexander', 'Alexandr'],
  ['Hussein', 'Hussain', 'Husain', 'Husayn'],
  ['Omar', 'Umar'],
  ['Dmitriy', 'Dmitry', 'Dmitri'],
  ['Sergei', 'Sergey'],
  ['Yuri', 'Yury', 'Yuriy'],
  ['Natalia', 'Natalya'],
  ['Tatiana', 'Tatyana'],
  ['Suleiman', 'Sulaiman', 'Sulayman'],
  ['Osman', 'Othman', 'Uthman'],
  ['Mustafa', 'Mostafa', 'Moustafa'],
  ['Ibrahim', 'Ebrahim'],
  ['Qasim', 'Kasim', 'Qassim'],
  ['Ahmed', 'Ahmad'],
  ['Khalid', 'Khaled'],
  ['Abdullah', 'Abdallah'],
  ['Andrei', 'Andrey'],
  ['Alexei', 'Aleksey'],
  ['Yevgeny', 'Evgeny'],
  ['Nikolai', 'Nikolay'],
];
const LATIN_SURNAME_VARIANTS: readonly (readonly string[])[] = [
  ['Grigoryev', 'Grigoriev'],
  ['Zaitsev', 'Zaytsev'],
  ['Fedorov', 'Fyodorov'],
  ['Kovalev', 'Kovalyov'],
  ['Khoury', 'Khouri'],
  ['Mansour', 'Mansur'],
  ['Haddad', 'Hadad'],
  ['Shevchenko', 'Shewchenko'],
  ['Tchaikovsky', 'Chaikovsky'],
  ['Rahimi', 'Raheemi'],
  ['Qureshi', 'Qureishi', 'Kureshi'],
  ['Hijazi', 'Hejazi'],
  ['Younis', 'Younes', 'Yunis'],
];

const ORG_WORDS_A = [
  'Golden',
  'Silver',
  'Blue',
  'Green',
  'Royal',
  'Eastern',
  'Western',
  'Northern',
  'Southern',
  'Pacific',
  'Atlantic',
  'Nordic',
  'Baltic',
  'Caspian',
  'Crescent',
  'Phoenix',
  'Falcon',
  'Eagle',
  'Lion',
  'Tiger',
  'Dragon',
  'Cedar',
  'Oak',
  'Summit',
  'Pinnacle',
  'Horizon',
  'Meridian',
  'Zenith',
  'Apex',
  'Vertex',
  'Orion',
  'Polaris',
  'Sirius',
  'Vega',
  'Atlas',
  'Titan',
  'Neptune',
  'Mercury',
  'Aurora',
  'Sahara',
  'Alpine',
  'Coral',
  'Emerald',
  'Sapphire',
  'Amber',
  'Onyx',
  'Granite',
  'Ivory',
  'Crystal',
  'Diamond',
  'Pearl',
  'Sunrise',
  'Ocean',
  'Harbor',
  'Delta',
  'Sigma',
  'Omega',
  'Kappa',
  'Romashka',
  'Veritas',
  'Zarya',
  'Volna',
  'Taiga',
  'Almaz',
  'Granit',
  'Kedr',
  'Nakheel',
  'Rawda',
  'Manar',
  'Baraka',
  'Waha',
  'Fajr',
  'Hilal',
  'Safa',
  'Amal',
];
const ORG_WORDS_B = [
  'Star',
  'Bridge',
  'Gate',
  'Point',
  'Wave',
  'Stone',
  'Crown',
  'Shield',
  'Arrow',
  'Anchor',
  'Compass',
  'Harvest',
  'Valley',
  'Ridge',
  'Field',
  'Line',
  'Way',
  'Link',
  'Path',
  'Peak',
  'Coast',
  'Island',
  'Forest',
  'Light',
  'Spring',
];
const ORG_SECTORS = [
  'Trading',
  'Shipping',
  'Logistics',
  'Holdings',
  'Industries',
  'Investments',
  'Petroleum',
  'Energy',
  'Engineering',
  'Construction',
  'Textiles',
  'Electronics',
  'Pharmaceuticals',
  'Minerals',
  'Metals',
  'Chemicals',
  'Foods',
  'Marine',
  'Aviation',
  'Technologies',
  'Consulting',
  'Finance',
  'Capital',
  'Exchange',
  'General Trading',
  'Development',
  'Resources',
  'Mining',
  'Steel',
  'Cement',
  'Fisheries',
  'Telecom',
];
const LEGAL_FORM_SPELLINGS: readonly (readonly string[])[] = [
  ['LLC', 'L.L.C.', 'Limited Liability Company'],
  ['Ltd', 'Ltd.', 'Limited', 'LIMITED', 'Co., Ltd.'],
  ['GmbH'],
  ['AG'],
  ['S.A.', 'SA', 'S A'],
  ['S.A.R.L.', 'SARL'],
  ['SRL', 'S.R.L.'],
  ['S.p.A.', 'SpA'],
  ['B.V.', 'BV'],
  ['N.V.', 'NV'],
  ['PLC', 'plc'],
  ['Inc.', 'Inc', 'Incorporated'],
  ['Corp.', 'Corporation'],
  ['JSC', 'PJSC', 'OJSC'],
  ['FZCO', 'FZE'],
  ['LLP'],
  ['Pte Ltd'],
  ['Sdn Bhd'],
  ['A/S'],
  ['AB'],
  ['Oy'],
  ['Company'],
];
const ALL_LEGAL_FORMS = LEGAL_FORM_SPELLINGS.flat();
const VESSEL_WORDS = [
  'Ocean',
  'Sea',
  'Nordic',
  'Baltic',
  'Pacific',
  'Coral',
  'Silver',
  'Golden',
  'Royal',
  'Eastern',
  'Polar',
  'Desert',
  'Crescent',
  'Falcon',
  'Dolphin',
  'Albatross',
  'Pelican',
  'Seagull',
];
const VESSEL_NOUNS = ['Star', 'Pearl', 'Spirit', 'Glory', 'Venture', 'Pride', 'Queen', 'Princess', 'Explorer', 'Voyager', 'Carrier', 'Trader', 'Breeze', 'Horizon', 'Fortune', 'Dawn'];
const HONORIFICS = ['Mr', 'Mr.', 'Dr.', 'Sheikh', 'Haji', 'Mrs', 'Prof.', 'Sir'];
const COUNTRIES = [
  'GB',
  'US',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'RU',
  'UA',
  'BY',
  'TR',
  'AE',
  'SA',
  'IR',
  'IQ',
  'SY',
  'LB',
  'JO',
  'EG',
  'CN',
  'HK',
  'GR',
  'CY',
  'PL',
  'MX',
  'CO',
  'VE',
  'PK',
  'AF',
  'KP',
];

// ---------------------------------------------------------------- helpers

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const primary = (name: string, weak = false): EntryName => ({ name, kind: 'PRIMARY', weak });
const alias = (name: string, kind: EntryName['kind'] = 'AKA', weak = false): EntryName => ({ name, kind, weak });

/** One typo in a word: substitution, deletion, insertion or transposition, never of the first letter for words under 6 letters. */
function typo(rng: Rng, word: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const lower = word.toLowerCase();
  for (;;) {
    const from = word.length >= 6 ? 0 : 1;
    const i = from + rng.int(word.length - from);
    const op = rng.int(4);
    let out: string;
    if (op === 0) out = word.slice(0, i) + rng.pick([...letters]) + word.slice(i + 1);
    else if (op === 1) out = word.slice(0, i) + word.slice(i + 1);
    else if (op === 2) out = word.slice(0, i) + rng.pick([...letters]) + word.slice(i);
    else {
      if (i + 1 >= word.length) continue;
      out = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
    if (i === 0) out = cap(out);
    if (out.toLowerCase() !== lower && out.length >= 3) return out;
  }
}

/** A surname of the culture at least 3 edits from every one given (a near-miss, never a possible typo). */
function farFrom(rng: Rng, pool: readonly string[], ...others: string[]): string {
  for (let tries = 0; tries < 200; tries++) {
    const c = rng.pick(pool);
    if (others.every((o) => editDistance(c.toLowerCase(), o.toLowerCase()) >= 3)) return c;
  }
  throw new Error(`no name far from ${others.join(', ')}`);
}

function birthYear(rng: Rng): number {
  return 1945 + rng.int(60);
}
function fullDate(rng: Rng, year: number): string {
  return `${year}-${String(1 + rng.int(12)).padStart(2, '0')}-${String(1 + rng.int(28)).padStart(2, '0')}`;
}
const exactDate = (date: string): EntryBirthDate => ({ fromYear: Number(date.slice(0, 4)), toYear: Number(date.slice(0, 4)), date, circa: false });
const yearOnly = (year: number, circa = false): EntryBirthDate => ({ fromYear: year, toYear: year, date: null, circa });

interface Person {
  given: string;
  middle?: string;
  surname: string;
  culture: string;
}
function person(rng: Rng, culture = rng.pick(CULTURES)): Person {
  const given = rng.pick(culture.given);
  let surname = rng.pick(culture.surnames);
  if (culture.name === 'slavic' && FEMALE.has(given) && /(ov|ev|in)$/.test(surname)) surname += 'a';
  return { given, surname, culture: culture.name };
}
const cultureOf = (p: Person) => CULTURES.find((c) => c.name === p.culture)!;
const full = (p: Person) => [p.given, p.middle, p.surname].filter(Boolean).join(' ');

function orgBase(rng: Rng): string {
  const shape = rng.int(3);
  if (shape === 0) return `${rng.pick(ORG_WORDS_A)} ${rng.pick(ORG_SECTORS)}`;
  if (shape === 1) return `${rng.pick(ORG_WORDS_A)} ${rng.pick(ORG_WORDS_B)} ${rng.pick(ORG_SECTORS)}`;
  return `${rng.pick(ORG_WORDS_A)} ${rng.pick(ORG_WORDS_A)} ${rng.pick(ORG_SECTORS)}`;
}

// ---------------------------------------------------------------- the set

export function generateEvaluationSet(seed = 1): EvaluationPair[] {
  const rng = new Rng(seed);
  const pairs: EvaluationPair[] = [];
  const counters = new Map<string, number>();
  const add = (category: string, match: boolean, note: string, subject: ScreeningSubject, entry: Partial<EvaluationPair['entry']> & { names: EntryName[] }) => {
    const n = (counters.get(category) ?? 0) + 1;
    counters.set(category, n);
    pairs.push({
      id: `${category}-${String(n).padStart(3, '0')}`,
      category,
      subject: { birthDate: null, countries: [], ...subject },
      entry: { entityType: 'PERSON', birthDates: [], countries: [], ...entry },
      match,
      note,
    });
  };
  const personSubject = (name: string, extra: Partial<ScreeningSubject> = {}): ScreeningSubject => ({ name, entityType: 'PERSON', ...extra });
  const orgSubject = (name: string, extra: Partial<ScreeningSubject> = {}): ScreeningSubject => ({ name, entityType: 'ORGANIZATION', ...extra });
  /** A birth date on both sides for a fraction of the pairs (the same one: a true pair). */
  const sameBirth = (p = 0.3) => {
    if (!rng.chance(p)) return { subject: {}, entry: {} };
    const year = birthYear(rng);
    const date = fullDate(rng, year);
    return { subject: { birthDate: rng.chance(0.6) ? date : String(year) }, entry: { birthDates: [rng.chance(0.5) ? exactDate(date) : yearOnly(year)] } };
  };
  /** Near-misses: the subject's date, and the entry's sometimes (then often the same year: no help from the dates). */
  const nearMissBirth = () => {
    const year = birthYear(rng);
    const subject = { birthDate: rng.chance(0.5) ? fullDate(rng, year) : null };
    const r = rng.next();
    const entry = r < 0.6 ? {} : r < 0.85 ? { birthDates: [yearOnly(year)] } : { birthDates: [yearOnly(year + 1 + rng.int(3))] };
    return { subject, entry };
  };

  // exact names (sanity)
  for (let i = 0; i < 10; i++) {
    const p = person(rng);
    const b = sameBirth();
    add('exact', true, 'the same name', personSubject(full(p), b.subject), { names: [primary(full(p))], ...b.entry });
  }

  // typos: 1 edit in a token of 4-7 letters, 2 in a token of 8+, or one in each of two tokens
  for (let i = 0; i < 80; i++) {
    const org = i % 4 === 3;
    if (org) {
      const base = orgBase(rng);
      const words = base.split(' ');
      const k = words.findIndex((w) => w.length >= 5 && !['Trading', 'General'].includes(w));
      const idx = k >= 0 ? k : 0;
      words[idx] = typo(rng, words[idx]!);
      add('typo', true, `1 edit in "${base.split(' ')[idx]}"`, orgSubject(words.join(' ')), { names: [primary(`${base} ${rng.pick(ALL_LEGAL_FORMS)}`)], entityType: 'ORGANIZATION' });
      continue;
    }
    const p = person(rng);
    if (rng.chance(0.3)) p.middle = middleFor(rng, cultureOf(p), p.given);
    const tokens = full(p).split(' ');
    const long = tokens.map((t, j) => [t, j] as const).filter(([t]) => t.length >= 4);
    if (long.length === 0) {
      i--;
      continue;
    }
    const mode = rng.int(3);
    const out = [...tokens];
    let note: string;
    if (mode === 2 && long.length >= 2) {
      const [a, b] = rng.shuffle(long);
      out[a![1]] = typo(rng, a![0]);
      out[b![1]] = typo(rng, b![0]);
      note = `1 edit in "${a![0]}" and 1 in "${b![0]}"`;
    } else {
      const eight = long.filter(([t]) => t.length >= 8);
      if (mode === 1 && eight.length > 0) {
        const [t, j] = rng.pick(eight);
        let w = typo(rng, t);
        for (let tries = 0; tries < 20; tries++) {
          w = typo(rng, typo(rng, t));
          if (editDistance(w.toLowerCase(), t.toLowerCase()) === 2) break;
        }
        out[j] = w;
        note = `2 edits in "${t}"`;
      } else {
        const [t, j] = rng.pick(long);
        out[j] = typo(rng, t);
        note = `1 edit in "${t}"`;
      }
    }
    const b = sameBirth();
    add('typo', true, note, personSubject(out.join(' '), b.subject), { names: [primary(full(p))], ...b.entry });
  }

  // Cyrillic script against Latin spellings
  for (let i = 0; i < 40; i++) {
    const [gc, gl] = rng.pick(CYRILLIC_GIVEN);
    const female = CYRILLIC_FEMALE.has(gc);
    const [sm, sml, sf, sfl] = rng.pick(CYRILLIC_SURNAMES);
    const [pm, pml, pf, pfl] = rng.pick(PATRONYMICS);
    const withPatronymic = rng.chance(0.4);
    const cyr = [gc, withPatronymic ? (female ? pf : pm) : null, female ? sf : sm].filter(Boolean).join(' ');
    const lat = [rng.pick(gl), withPatronymic ? rng.pick(female ? pfl : pml) : null, rng.pick(female ? sfl : sml)].filter(Boolean).join(' ');
    const b = sameBirth(0.4);
    if (rng.chance(0.7)) add('translit-cyrillic', true, 'Cyrillic entry, Latin spelling', personSubject(lat, b.subject), { names: [primary(cyr)], countries: ['RU'], ...b.entry });
    else add('translit-cyrillic', true, 'Latin entry, Cyrillic subject', personSubject(cyr, b.subject), { names: [primary(lat.toUpperCase())], ...b.entry });
  }

  // Arabic script against Latin spellings
  for (let i = 0; i < 35; i++) {
    const [ga, gl] = rng.pick(ARABIC_SCRIPT_GIVEN);
    const [sa, sl] = rng.pick(ARABIC_SCRIPT_SURNAMES);
    const ar = `${ga} ${sa}`;
    const lat = `${rng.pick(gl)} ${rng.pick(sl)}`;
    const b = sameBirth(0.4);
    if (rng.chance(0.7)) add('translit-arabic', true, 'Arabic-script entry, Latin spelling', personSubject(lat, b.subject), { names: [primary(ar)], ...b.entry });
    else add('translit-arabic', true, 'Latin entry, Arabic-script subject', personSubject(ar, b.subject), { names: [primary(lat)], ...b.entry });
  }

  // Greek script against Latin spellings
  for (let i = 0; i < 25; i++) {
    const [gg, gl] = rng.pick(GREEK_GIVEN);
    const [sg, sl] = rng.pick(GREEK_SURNAMES);
    const female = ['Ελένη', 'Μαρία', 'Αικατερίνη', 'Σοφία', 'Αναστασία'].includes(gg);
    if (female && /ος$/.test(sg)) {
      i--;
      continue;
    }
    const b = sameBirth(0.3);
    add('translit-greek', true, 'Greek-script entry, Latin spelling', personSubject(`${rng.pick(gl)} ${rng.pick(sl)}`, b.subject), {
      names: [primary(`${gg} ${sg}`)],
      countries: ['GR'],
      ...b.entry,
    });
  }

  // Chinese characters against pinyin, in the orders and spacings people write
  for (let i = 0; i < 25; i++) {
    const [sc, sp] = rng.pick(CHINESE_SURNAMES);
    const [gc, syl] = rng.pick(CHINESE_GIVEN);
    const gp = pinyin(syl);
    const forms = [`${sp} ${gp}`, `${sp.toUpperCase()} ${gp}`, `${gp} ${sp}`, `${gp} ${sp.toUpperCase()}`];
    if (syl.length > 1) forms.push(`${sp} ${syl[0]} ${syl[1]}`, `${sp} ${syl[0]}-${syl[1]}`);
    const b = sameBirth(0.4);
    add('translit-chinese', true, 'Chinese characters, pinyin subject', personSubject(rng.pick(forms), b.subject), { names: [primary(`${sc}${gc}`)], countries: ['CN'], ...b.entry });
  }

  // Latin variant spellings of one name
  for (let i = 0; i < 40; i++) {
    const surnameVariant = i % 3 === 2;
    if (surnameVariant) {
      const group = rng.pick(LATIN_SURNAME_VARIANTS);
      const [a, b] = rng.shuffle(group);
      const given = rng.pick([...SLAVIC_GIVEN, ...ARABIC_GIVEN]);
      add('latin-variants', true, `"${a}" and "${b}": one surname, two transliterations`, personSubject(`${given} ${a}`), { names: [primary(`${given} ${b}`)] });
    } else {
      const group = rng.pick(LATIN_VARIANTS);
      const [a, b] = rng.shuffle(group);
      const surname = rng.pick([...ARABIC_SURNAMES, ...SLAVIC_SURNAMES]);
      const bd = sameBirth();
      add('latin-variants', true, `"${a}" and "${b}": one given name, two transliterations`, personSubject(`${a} ${surname}`, bd.subject), {
        names: [primary(`${b} ${surname}`)],
        ...bd.entry,
      });
    }
  }

  // swapped order, "SURNAME, Given" and surname-first forms
  for (let i = 0; i < 40; i++) {
    const p = person(rng);
    if (rng.chance(0.3)) p.middle = middleFor(rng, cultureOf(p), p.given);
    const shapes = [
      `${p.surname} ${[p.given, p.middle].filter(Boolean).join(' ')}`,
      `${p.surname.toUpperCase()}, ${[p.given, p.middle].filter(Boolean).join(' ')}`,
      `${p.surname.toUpperCase()} ${p.given}${p.middle ? ` ${p.middle}` : ''}`,
    ];
    const b = sameBirth();
    if (rng.chance(0.5)) add('swapped', true, 'surname first', personSubject(rng.pick(shapes), b.subject), { names: [primary(full(p))], ...b.entry });
    else add('swapped', true, 'surname first in the list', personSubject(full(p), b.subject), { names: [primary(rng.pick(shapes))], ...b.entry });
  }

  // a middle name, second surname or patronymic on one side only
  for (let i = 0; i < 40; i++) {
    const culture = rng.pick(CULTURES);
    const p = person(rng, culture);
    const b = sameBirth(0.4);
    if (culture.name === 'hispanic' && rng.chance(0.5)) {
      const second = farFrom(rng, HISPANIC_SURNAMES, p.surname);
      add('missing-middle', true, 'second surname on one side only', personSubject(`${p.given} ${p.surname}`, b.subject), {
        names: [primary(`${p.given} ${p.surname} ${second}`)],
        ...b.entry,
      });
      continue;
    }
    if (culture.name === 'arabic' && rng.chance(0.5)) {
      const father = rng.pick(ARABIC_GIVEN.filter((g) => g !== p.given));
      const longer = `${p.given} bin ${father} ${p.surname}`;
      if (rng.chance(0.5)) add('missing-middle', true, "father's name on one side only", personSubject(`${p.given} ${p.surname}`, b.subject), { names: [primary(longer)], ...b.entry });
      else add('missing-middle', true, "father's name on one side only", personSubject(longer, b.subject), { names: [primary(`${p.given} ${p.surname}`)], ...b.entry });
      continue;
    }
    if (culture.name === 'slavic' && rng.chance(0.6)) {
      const [, pml] = rng.pick(PATRONYMICS);
      const longer = `${p.given} ${pml[0]} ${p.surname}`;
      add('missing-middle', true, 'patronymic on one side only', personSubject(`${p.given} ${p.surname}`, b.subject), { names: [primary(longer)], ...b.entry });
      continue;
    }
    p.middle = middleFor(rng, culture, p.given);
    if (rng.chance(0.5)) add('missing-middle', true, 'middle name on the list only', personSubject(`${p.given} ${p.surname}`, b.subject), { names: [primary(full(p))], ...b.entry });
    else add('missing-middle', true, 'middle name on the subject only', personSubject(full(p), b.subject), { names: [primary(`${p.surname.toUpperCase()}, ${p.given}`)], ...b.entry });
  }

  // diacritics against plain spellings
  for (let i = 0; i < 30; i++) {
    const [gd, gp] = rng.pick(DIACRITIC_GIVEN);
    const [sd, sp] = rng.pick(DIACRITIC_SURNAMES);
    const b = sameBirth();
    if (rng.chance(0.5)) add('diacritics', true, 'diacritics in the list only', personSubject(`${gp} ${sp}`, b.subject), { names: [primary(`${gd} ${sd}`)], ...b.entry });
    else add('diacritics', true, 'diacritics in the subject only', personSubject(`${gd} ${sd}`, b.subject), { names: [primary(`${sp.toUpperCase()}, ${gp}`)], ...b.entry });
  }

  // legal forms and their spellings
  for (let i = 0; i < 40; i++) {
    const base = orgBase(rng);
    const [fa, fb] = [rng.pick(ALL_LEGAL_FORMS), rng.pick(ALL_LEGAL_FORMS)];
    const upper = rng.chance(0.3);
    const subjectName = rng.chance(0.2) ? `${rng.pick(['OOO', 'ZAO', 'LLC', 'JSC', 'PT'])} ${base}` : `${base}${rng.chance(0.3) ? ',' : ''} ${fa}`;
    const country = rng.pick(COUNTRIES);
    add('legal-forms', true, `"${fa}" and "${fb}": the same company`, orgSubject(upper ? subjectName.toUpperCase() : subjectName, { countries: rng.chance(0.4) ? [country] : [] }), {
      names: [primary(rng.chance(0.2) ? base : `${base} ${fb}`)],
      entityType: 'ORGANIZATION',
      countries: rng.chance(0.5) ? [country] : [],
    });
  }

  // initials
  for (let i = 0; i < 25; i++) {
    const culture = rng.pick(CULTURES.filter((c) => c.name !== 'arabic'));
    const p = person(rng, culture);
    p.middle = rng.chance(0.5) ? middleFor(rng, culture, p.given) : undefined;
    const shapes = p.middle
      ? [`${p.given[0]}. ${p.middle[0]}. ${p.surname}`, `${p.given} ${p.middle[0]}. ${p.surname}`, `${p.surname.toUpperCase()}, ${p.given} ${p.middle[0]}.`]
      : [`${p.given[0]}. ${p.surname}`, `${p.surname}, ${p.given[0]}.`];
    const b = sameBirth(0.5);
    add('initials', true, 'initials of the same names', personSubject(rng.pick(shapes), b.subject), { names: [primary(full(p))], ...b.entry });
  }

  // particles
  const particleCases: [string, string][] = [];
  for (const surname of ['Rashid', 'Haddad', 'Najjar', 'Khatib', 'Masri', 'Shami', 'Zahrani', 'Mansouri', 'Qahtani', 'Harbi']) {
    particleCases.push([`al-${surname}`, `Al${surname.toLowerCase()}`], [`Al ${surname}`, surname], [`el-${surname}`, `Al-${surname}`]);
  }
  for (const surname of ['Berg', 'Meer', 'Linden', 'Heuvel', 'Broek', 'Dijk'])
    particleCases.push([`van der ${surname}`, `Vander${surname.toLowerCase()}`], [`van den ${surname}`, `Van Den ${surname}`]);
  for (const surname of ['Stein', 'Hoffmann', 'Bergen']) particleCases.push([`von ${surname}`, surname]);
  for (const surname of ['Silva', 'Souza', 'Costa', 'Santos']) particleCases.push([`da ${surname}`, surname], [`dos ${surname}`, surname], [`de ${surname}`, `De${surname.toLowerCase()}`]);
  particleCases.push(['de la Cruz', 'Delacruz'], ['de la Fuente', 'De La Fuente'], ['bin Salem', 'Salem'], ['ibn Saeed', 'Saeed']);
  for (let i = 0; i < 35; i++) {
    const [a, b] = rng.pick(particleCases);
    const arabic = /^(al|el|Al|bin|ibn)[ -]/.test(a) || /^Al/.test(b);
    const given = arabic ? rng.pick(ARABIC_GIVEN) : /^(van|von|Van)/.test(a) ? rng.pick(GERMANIC_GIVEN) : rng.pick(HISPANIC_GIVEN);
    const bd = sameBirth();
    if (rng.chance(0.5)) add('particles', true, `"${a}" and "${b}"`, personSubject(`${given} ${a}`, bd.subject), { names: [primary(`${given} ${b}`)], ...bd.entry });
    else add('particles', true, `"${b}" and "${a}"`, personSubject(`${given} ${b}`, bd.subject), { names: [primary(`${given} ${a}`)], ...bd.entry });
  }

  // honorifics
  for (let i = 0; i < 10; i++) {
    const p = person(rng);
    add('honorifics', true, 'a title on one side', personSubject(`${rng.pick(HONORIFICS)} ${full(p)}`), { names: [primary(full(p))] });
  }

  // birth dates: same name, dates compared
  for (let i = 0; i < 50; i++) {
    const p = person(rng);
    const year = birthYear(rng);
    const date = fullDate(rng, year);
    const kind = i % 10;
    if (kind === 0) add('birth-date', true, 'same day', personSubject(full(p), { birthDate: date }), { names: [primary(full(p))], birthDates: [exactDate(date)] });
    else if (kind === 1) add('birth-date', true, 'same year', personSubject(full(p), { birthDate: date }), { names: [primary(full(p))], birthDates: [yearOnly(year)] });
    else if (kind === 2) add('birth-date', true, 'a year apart', personSubject(full(p), { birthDate: String(year + 1) }), { names: [primary(full(p))], birthDates: [yearOnly(year)] });
    else if (kind === 3)
      add('birth-date', true, "within the entry's range", personSubject(full(p), { birthDate: date }), {
        names: [primary(full(p))],
        birthDates: [{ fromYear: year - 2, toYear: year + 1, date: null, circa: false }],
      });
    else if (kind === 4)
      add('birth-date', true, 'circa, 2 years off', personSubject(full(p), { birthDate: String(year + 2) }), { names: [primary(full(p))], birthDates: [yearOnly(year, true)] });
    else if (kind === 5)
      add('birth-date', true, 'one of several dates', personSubject(full(p), { birthDate: date }), { names: [primary(full(p))], birthDates: [yearOnly(year - 7), exactDate(date)] });
    else if (kind === 6)
      add('birth-date', false, 'born 20 years apart: another person', personSubject(full(p), { birthDate: date }), {
        names: [primary(full(p))],
        birthDates: [exactDate(fullDate(rng, year - 20))],
      });
    else if (kind === 7)
      add('birth-date', false, 'born 10+ years apart: another person', personSubject(full(p), { birthDate: String(year) }), {
        names: [primary(full(p))],
        birthDates: [yearOnly(year + 10 + rng.int(15))],
      });
    else if (kind === 8)
      add('birth-date', false, 'born 6 years apart: another person', personSubject(typoOrSame(rng, full(p)), { birthDate: date }), {
        names: [primary(full(p))],
        birthDates: [yearOnly(year - 6)],
      });
    else add('birth-date', true, 'no date on the list', personSubject(full(p), { birthDate: date }), { names: [primary(full(p))] });
  }

  // countries
  for (let i = 0; i < 20; i++) {
    const p = person(rng);
    const c = rng.pick(COUNTRIES);
    const other = rng.pick(COUNTRIES.filter((x) => x !== c));
    if (i % 2 === 0) add('countries', true, 'a country in common', personSubject(full(p), { countries: [c] }), { names: [primary(full(p))], countries: [c, other] });
    else add('countries', true, 'no country in common: still the same name', personSubject(full(p), { countries: [c] }), { names: [primary(full(p))], countries: [other] });
  }

  // entity types
  for (let i = 0; i < 25; i++) {
    const kind = i % 5;
    if (kind === 0) {
      const p = person(rng);
      add('entity-type', false, 'a person is not an organization of the same name', personSubject(full(p)), {
        names: [primary(`${full(p)} ${rng.pick(['Ltd', 'LLC', 'GmbH', 'Trading LLC'])}`)],
        entityType: 'ORGANIZATION',
      });
    } else if (kind === 1) {
      const v = `${rng.pick(VESSEL_WORDS)} ${rng.pick(VESSEL_NOUNS)}`;
      add('entity-type', true, 'an organization against a vessel: screened as organizations', orgSubject(v), { names: [primary(v)], entityType: 'VESSEL' });
    } else if (kind === 2) {
      const p = person(rng);
      add('entity-type', true, 'a subject of unknown kind against a person', { name: full(p), entityType: null }, { names: [primary(full(p))] });
    } else if (kind === 3) {
      const base = orgBase(rng);
      add(
        'entity-type',
        true,
        'a subject of unknown kind against an organization',
        { name: `${base} ${rng.pick(ALL_LEGAL_FORMS)}`, entityType: null },
        { names: [primary(`${base} ${rng.pick(ALL_LEGAL_FORMS)}`)], entityType: 'ORGANIZATION' },
      );
    } else {
      const v = `${rng.pick(VESSEL_WORDS)} ${rng.pick(VESSEL_NOUNS)}`;
      add('entity-type', false, 'a person is not a vessel of the same name', personSubject(v), { names: [primary(v)], entityType: rng.chance(0.5) ? 'VESSEL' : 'AIRCRAFT' });
    }
  }

  // aliases: the subject is one of the entry's other names
  for (let i = 0; i < 25; i++) {
    if (i % 5 === 4) {
      const base = orgBase(rng);
      const former = orgBase(rng);
      add('aliases', true, 'a former name of the company', orgSubject(`${former} Ltd`), { names: [primary(`${base} LLC`), alias(`${former} Limited`, 'FKA')], entityType: 'ORGANIZATION' });
      continue;
    }
    const p = person(rng);
    const culture = CULTURES.find((c) => c.name === p.culture)!;
    const other: Person = { given: rng.pick(culture.given), surname: farFrom(rng, culture.surnames, p.surname), culture: p.culture };
    const names = [primary(full(p)), alias(full(other)), alias(`${p.given} ${farFrom(rng, culture.surnames, p.surname, other.surname)}`)];
    const target = full(other);
    add('aliases', true, 'the subject is an alias', personSubject(rng.chance(0.3) ? typoOrSame(rng, target) : target), { names });
  }

  // weak aliases: matched as written only
  const WEAK = [
    'Abu Yasir',
    'Abu Hamza',
    'Abu Khalid',
    'Abu Omar',
    'Al Hajj',
    'Doctor Karim',
    'The Engineer',
    'Abu Bakr al Shami',
    'Umm Salma',
    'Big Sasha',
    'Kolya Cherny',
    'El Flaco',
    'The Accountant',
    'Abu Dujana',
    'Sheikh Ayman',
  ];
  for (let i = 0; i < 20; i++) {
    const p = person(rng, rng.pick(CULTURES.filter((c) => c.name === 'arabic' || c.name === 'slavic')));
    const weak = rng.pick(WEAK);
    const names = [primary(full(p)), alias(weak, 'AKA', true)];
    if (i % 2 === 0) add('weak-alias', true, 'the subject is a weak alias, as written', personSubject(rng.chance(0.5) ? weak.toUpperCase() : weak), { names });
    else {
      const words = weak.split(' ');
      const j = words.reduce((best, w, k) => (w.length > words[best]!.length ? k : best), 0);
      words[j] = typo(rng, words[j]!);
      add('weak-alias', false, 'a variant of a weak alias: weak aliases match as written only', personSubject(words.join(' ')), { names });
    }
  }

  // near-misses: same given name, another surname
  for (let i = 0; i < 50; i++) {
    const culture = rng.pick(CULTURES);
    const p = person(rng, culture);
    const other = farFrom(rng, culture.surnames, p.surname);
    const b = nearMissBirth();
    add('nm-same-given', false, `another surname ("${p.surname}" / "${other}")`, personSubject(`${p.given} ${other}`, b.subject), { names: [primary(full(p))], ...b.entry });
  }
  // near-misses: same surname, another given name
  for (let i = 0; i < 50; i++) {
    const culture = rng.pick(CULTURES);
    const p = person(rng, culture);
    const other = farFrom(rng, culture.given, p.given);
    const b = nearMissBirth();
    add('nm-same-surname', false, `another given name ("${p.given}" / "${other}")`, personSubject(`${other} ${p.surname}`, b.subject), { names: [primary(full(p))], ...b.entry });
  }
  // near-misses: names sharing common tokens
  for (let i = 0; i < 40; i++) {
    const shape = i % 4;
    const b = nearMissBirth();
    if (shape === 0) {
      const given = rng.pick(['Mohammed', 'Ahmed', 'Ali', 'Abdullah', 'Hassan']);
      const a = farFrom(rng, [...ARABIC_GIVEN, ...ARABIC_SURNAMES], given);
      const c = farFrom(rng, [...ARABIC_GIVEN, ...ARABIC_SURNAMES], given, a);
      add('nm-shared-token', false, `"${given}" shared, "${a}" / "${c}" differ`, personSubject(`${given} ${a}`, b.subject), { names: [primary(`${given} ${c}`)], ...b.entry });
    } else if (shape === 1) {
      const culture = rng.pick(CULTURES);
      const p = person(rng, culture);
      p.middle = farFrom(
        rng,
        culture.given.filter((g) => FEMALE.has(g) === FEMALE.has(p.given)),
        p.given,
      );
      const other = farFrom(rng, culture.surnames, p.surname);
      add('nm-shared-token', false, `given and middle names shared, surname differs ("${p.surname}" / "${other}")`, personSubject(`${p.given} ${p.middle} ${other}`, b.subject), {
        names: [primary(full(p))],
        ...b.entry,
      });
    } else if (shape === 2) {
      const culture = rng.pick(CULTURES);
      const p = person(rng, culture);
      add('nm-shared-token', false, 'one token of the listed name only', personSubject(rng.chance(0.5) ? p.given : p.surname, b.subject), { names: [primary(full(p))], ...b.entry });
    } else {
      // Arabic names where one token is a given name on one side and a surname on the other
      const shared = rng.pick(['Hassan', 'Ali', 'Mansour', 'Saleh', 'Issa', 'Younis', 'Habib', 'Sharif']);
      const a = farFrom(rng, ARABIC_GIVEN, shared);
      const c = farFrom(rng, ARABIC_SURNAMES, shared, a);
      add('nm-shared-token', false, `"${shared}" given name on one side, surname on the other; the other token differs`, personSubject(`${shared} ${c}`, b.subject), {
        names: [primary(`${a} ${shared}`)],
        ...b.entry,
      });
    }
  }
  // near-misses: organizations sharing words
  for (let i = 0; i < 40; i++) {
    const a = rng.pick(ORG_WORDS_A);
    const shape = i % 3;
    if (shape === 0) {
      const s1 = rng.pick(ORG_SECTORS.filter((s) => !s.includes(' ')));
      const s2 = farFrom(
        rng,
        ORG_SECTORS.filter((s) => !s.includes(' ')),
        s1,
      );
      add('nm-org', false, `sector differs ("${s1}" / "${s2}")`, orgSubject(`${a} ${s1} ${rng.pick(ALL_LEGAL_FORMS)}`), {
        names: [primary(`${a} ${s2} ${rng.pick(ALL_LEGAL_FORMS)}`)],
        entityType: 'ORGANIZATION',
      });
    } else if (shape === 1) {
      const b1 = rng.pick(ORG_WORDS_B);
      const b2 = farFrom(rng, ORG_WORDS_B, b1);
      const sector = rng.pick(ORG_SECTORS);
      add('nm-org', false, `distinctive word differs ("${b1}" / "${b2}")`, orgSubject(`${a} ${b1} ${sector}`), {
        names: [primary(`${a} ${b2} ${sector} ${rng.pick(ALL_LEGAL_FORMS)}`)],
        entityType: 'ORGANIZATION',
      });
    } else {
      const a2 = farFrom(rng, ORG_WORDS_A, a);
      const sector = rng.pick(ORG_SECTORS);
      add('nm-org', false, `first word differs ("${a}" / "${a2}")`, orgSubject(`${a2} ${sector} ${rng.pick(ALL_LEGAL_FORMS)}`), {
        names: [primary(`${a} ${sector} ${rng.pick(ALL_LEGAL_FORMS)}`)],
        entityType: 'ORGANIZATION',
      });
    }
  }
  // near-misses: short names
  const SHORT_GIVEN = ['Na', 'Li', 'Wei', 'Fei', 'Lei', 'Jie', 'Jun', 'Min', 'Yan', 'Bo', 'Tao', 'Hua', 'Kai', 'Lin', 'Yu', 'Ming', 'Ping', 'Hong'];
  for (let i = 0; i < 25; i++) {
    const surname = rng.pick(CHINESE_SURNAMES_LATIN);
    const g1 = rng.pick(SHORT_GIVEN.filter((g) => g.length <= 3));
    const g2 = rng.pick(SHORT_GIVEN.filter((g) => g !== g1 && g.length <= 3));
    if (i % 5 === 4) {
      const arabic = rng.pick(['Ali', 'Omar', 'Sami', 'Rami', 'Hani']);
      add('nm-short', false, 'one short common name against a full name', personSubject(arabic), { names: [primary(`${arabic} ${rng.pick(ARABIC_SURNAMES)}`)] });
      continue;
    }
    add('nm-short', false, `short given names differ ("${g1}" / "${g2}")`, personSubject(`${surname} ${g2}`), { names: [primary(`${surname} ${g1}`)], countries: ['CN'] });
  }
  // near-misses across scripts
  for (let i = 0; i < 15; i++) {
    const kind = i % 3;
    if (kind === 0) {
      const [g1, g1l] = rng.pick(CYRILLIC_GIVEN);
      const [, g2l] = rng.pick(CYRILLIC_GIVEN.filter(([g]) => g !== g1 && CYRILLIC_FEMALE.has(g) === CYRILLIC_FEMALE.has(g1)));
      if (g1l.some((x) => g2l.some((y) => editDistance(x.toLowerCase(), y.toLowerCase()) < 3))) {
        i--;
        continue;
      }
      const [sm, , sf] = rng.pick(CYRILLIC_SURNAMES);
      const [, sml, , sfl] = CYRILLIC_SURNAMES.find(([m]) => m === sm)!;
      const female = CYRILLIC_FEMALE.has(g1);
      add('nm-translit', false, 'Cyrillic entry, another given name', personSubject(`${rng.pick(g2l)} ${rng.pick(female ? sfl : sml)}`), { names: [primary(`${g1} ${female ? sf : sm}`)] });
    } else if (kind === 1) {
      const [g1, g1l] = rng.pick(ARABIC_SCRIPT_GIVEN);
      const [, g2l] = rng.pick(ARABIC_SCRIPT_GIVEN.filter(([g, l]) => g !== g1 && !l.some((x) => g1l.some((y) => editDistance(x.toLowerCase(), y.toLowerCase()) < 3))));
      const [s, sl] = rng.pick(ARABIC_SCRIPT_SURNAMES);
      add('nm-translit', false, 'Arabic-script entry, another given name', personSubject(`${rng.pick(g2l)} ${rng.pick(sl)}`), { names: [primary(`${g1} ${s}`)] });
    } else {
      const [sc, sp] = rng.pick(CHINESE_SURNAMES);
      const [gc, syl] = rng.pick(CHINESE_GIVEN.filter(([, p]) => p.length > 1));
      const gp = pinyin(syl);
      const other = farFrom(
        rng,
        CHINESE_GIVEN.filter(([, p]) => p.length > 1).map(([, p]) => pinyin(p)),
        gp,
      );
      add('nm-translit', false, `Chinese entry, another given name ("${gp}" / "${other}")`, personSubject(`${sp} ${other}`), { names: [primary(`${sc}${gc}`)] });
    }
  }
  // several differences at once (added after the threshold was chosen, and not tuned on)
  for (let i = 0; i < 40; i++) {
    const kind = i % 5;
    if (kind === 0) {
      // Cyrillic entry with patronymic; Latin subject surname first, patronymic left out, a typo
      const [gc, gl] = rng.pick(CYRILLIC_GIVEN);
      const female = CYRILLIC_FEMALE.has(gc);
      const [sm, sml, sf, sfl] = rng.pick(CYRILLIC_SURNAMES);
      const [pm, , pf] = rng.pick(PATRONYMICS);
      const surname = rng.pick(female ? sfl : sml);
      add('combined', true, 'Cyrillic with patronymic; Latin, surname first, no patronymic, a typo', personSubject(`${typo(rng, surname).toUpperCase()}, ${rng.pick(gl)}`), {
        names: [primary(`${gc} ${female ? pf : pm} ${female ? sf : sm}`)],
      });
    } else if (kind === 1) {
      // Latin variant of the given name, particle written differently, order swapped
      const group = rng.pick(LATIN_VARIANTS.filter((g) => ARABIC_GIVEN.some((a) => g.includes(a))));
      const [a, b] = rng.shuffle(group);
      const surname = rng.pick(['Rashid', 'Haddad', 'Najjar', 'Khatib', 'Masri', 'Shami', 'Harbi', 'Qahtani']);
      add('combined', true, `"${a}" / "${b}", al- glued or apart, surname first`, personSubject(`Al${surname.toLowerCase()} ${a}`), { names: [primary(`${b} al-${surname}`)] });
    } else if (kind === 2) {
      // diacritics, a middle name on one side, a typo on the other
      const [gd, gp] = rng.pick(DIACRITIC_GIVEN);
      const [sd, sp] = rng.pick(DIACRITIC_SURNAMES);
      const middle = rng.pick(['Maria', 'Jose', 'Anna', 'Peter', 'Jan']);
      add('combined', true, 'diacritics, a middle name on the list only, a typo in the subject', personSubject(`${gp} ${typo(rng, sp)}`), { names: [primary(`${gd} ${middle} ${sd}`)] });
    } else if (kind === 3) {
      // company: legal form, a typo, an abbreviation-free reordering of the legal form to the front
      const base = orgBase(rng);
      const words = base.split(' ');
      const j = words.findIndex((w) => w.length >= 6);
      if (j >= 0) words[j] = typo(rng, words[j]!);
      add('combined', true, 'legal form moved to the front and another one, a typo', orgSubject(`${rng.pick(['OOO', 'LLC', 'JSC'])} ${words.join(' ')}`), {
        names: [primary(`${base.toUpperCase()} ${rng.pick(ALL_LEGAL_FORMS)}`)],
        entityType: 'ORGANIZATION',
      });
    } else {
      // near-miss across differences: transliterated given name, another surname
      const [ga, gl] = rng.pick(ARABIC_SCRIPT_GIVEN);
      const [sa, sl] = rng.pick(ARABIC_SCRIPT_SURNAMES);
      const others = ARABIC_SCRIPT_SURNAMES.filter(([s2, l2]) => s2 !== sa && l2.every((x) => sl.every((y) => editDistance(x.toLowerCase(), y.toLowerCase()) >= 3)));
      const [, ol] = rng.pick(others);
      add('combined', false, 'Arabic-script entry; the given name transliterated, another surname', personSubject(`${rng.pick(gl)} ${rng.pick(ol)}`), { names: [primary(`${ga} ${sa}`)] });
    }
  }

  // hand-written pairs, harder than the generated ones (reviewed one by one)
  const P = 'PERSON' as const;
  const O = 'ORGANIZATION' as const;
  const CURATED: [string, AmlEntityType, string, string, boolean, string][] = [
    ['Mohamed Abdel Rahman El Sayed', P, 'Muhammad Abd al-Rahman al-Sayyid', 'PERSON', true, 'three transliteration variants at once'],
    ['Abubakar Yusuf', P, 'Abu Bakr Yousef', 'PERSON', true, 'Abu Bakr written as one word, Yusuf/Yousef'],
    ['PETROV, Vladimir', P, 'Vladimir Vladimirovich Petrov', 'PERSON', true, 'patronymic on the list only, surname first'],
    ['ООО Ромашка', O, 'Romashka LLC', 'ORGANIZATION', true, 'Cyrillic company name with its legal form'],
    ['Jon Smith', P, 'John Smith', 'PERSON', true, 'Jon / John'],
    ["Katherine O'Connor", P, 'Catherine OConnor', 'PERSON', true, 'Katherine / Catherine, apostrophe'],
    ['Jeanpierre Dubois', P, 'Jean-Pierre Dubois', 'PERSON', true, 'hyphenated given name written as one word'],
    ['MacDonald, Ian', P, 'Ian Mac Donald', 'PERSON', true, 'Mac Donald in two words'],
    ['Hans-Peter Müller', P, 'Hans Peter Mueller', 'PERSON', true, 'ü written ue'],
    ['WEI Zhang', P, 'Zhang Wei', 'PERSON', true, 'surname first, in capitals'],
    ['Sheikh Ahmed bin Saeed Al Qadiri', P, 'Ahmed Saeed Alqadiri', 'PERSON', true, 'title, bin, glued article'],
    ['Seyed Reza Hosseini', P, 'Reza Hosseini', 'PERSON', true, 'the honorific Seyed'],
    ['Georgiy Aleksandrovich Kovalyov', P, 'Georgi Kovalev', 'PERSON', true, 'variants and a patronymic'],
    ['Mehmed Ozturk', P, 'Mehmet Öztürk', 'PERSON', true, 'Mehmed / Mehmet, diacritics'],
    ['Oleksandr Shevchenko', P, 'Aleksandr Shevchenko', 'PERSON', true, 'Ukrainian and Russian spelling of one given name'],
    ['GOLDEN CRESCENT GEN. TRADING LLC', O, 'Golden Crescent General Trading L.L.C.', 'ORGANIZATION', true, 'an abbreviation in the name'],
    ['Al-Noor Exchange Co.', O, 'Alnoor Exchange Company', 'ORGANIZATION', true, 'glued article, legal forms'],
    ['Ocean Pearl', O, 'M/V Ocean Pearl', 'VESSEL', true, 'vessel prefix'],
    ['Smith, John A.', P, 'John Andrew Smith', 'PERSON', true, 'initial of the middle name'],
    ['Chen Zhi Qiang', P, '陈志强', 'PERSON', true, 'pinyin syllables apart'],
    ['Yiannis Papadopoulos', P, 'Ioannis Papadopoulos', 'PERSON', true, 'Yiannis / Ioannis'],
    ['Abdul Aziz Abdullah Alharbi', P, 'Abdulaziz bin Abdullah Al-Harbi', 'PERSON', true, 'Abdul Aziz in two words, bin, glued article'],
    ['Mustafa Yılmaz', P, 'Mustafa Kemal Yilmaz', 'PERSON', true, 'middle name on the list only, dotless i'],
    ['HUSSAIN, Fatima Zahra', P, 'Fatma Zahra Hussein', 'PERSON', true, 'Fatima / Fatma, Hussain / Hussein'],
    ['Ms. Fatima Al-Zahra Hussain', P, 'Fatima Hussain', 'PERSON', true, 'title and a middle name on the subject only'],
    ['Jonathan Smithers', P, 'John Smith', 'PERSON', false, 'Smithers is not Smith, Jonathan is not John'],
    ['Reza Ali Rahimi', P, 'Ali Reza Karimi', 'PERSON', false, 'Rahimi and Karimi are two surnames'],
    ['Golden Sky Trading LLC', O, 'Golden Star Trading LLC', 'ORGANIZATION', false, 'Sky is not Star'],
    ['Ivan Petrenko', P, 'Petrov Ivan', 'PERSON', false, 'Petrenko is not Petrov'],
    ['Ahmad Shahzad', P, 'Ahmad Shah', 'PERSON', false, 'Shahzad is not Shah'],
    ['Blue Ocean Fishing', O, 'Blue Ocean Shipping Ltd', 'ORGANIZATION', false, 'fishing is not shipping'],
    ['Alexey Kuznetsov', P, 'Alexander Kuznetsov', 'PERSON', false, 'Alexey and Alexander are two given names'],
    ['Sergei Ivanov', P, 'Sergei Ivanovich Sidorov', 'PERSON', false, 'Ivanov the surname is not Ivanovich the patronymic'],
    ['Nadia Haddad', P, 'Nader Haddad', 'PERSON', false, 'Nadia and Nader are two given names'],
    ['Western Star Bank', O, 'Eastern Star Bank', 'ORGANIZATION', false, 'Western is not Eastern'],
    ['Northern Lights Energy', O, 'Southern Lights Energy LLC', 'ORGANIZATION', false, 'Northern is not Southern'],
    ['Omar Farouk', P, 'Omar Farouk Trading Co', 'ORGANIZATION', false, 'a person is not the company bearing his name'],
    ['Maria Jose Garcia', P, 'Jose Maria Gonzalez', 'PERSON', false, 'Garcia is not Gonzalez'],
    ['Li Ming', P, 'Li Ming Hua', 'PERSON', true, 'a third syllable on the list only'],
    ['Karim Benali', P, 'Karim Ben Ali', 'PERSON', true, 'Ben Ali written as one word'],
    ['Sheikh Mohd. Yusof bin Haji Ismail', P, 'Mohammed Yusuf Ismail', 'PERSON', true, 'Mohd, Yusof, title and bin'],
    ['Abd-El-Kader Ben Youssef', P, 'Abdelkader Benyoussef', 'PERSON', true, 'hyphens and a glued Ben'],
    ['Sarah Cohen', P, 'Sara Cohen', 'PERSON', true, 'Sarah / Sara'],
    ['Mohammed Ali', P, 'محمود علي', 'PERSON', false, 'Arabic Mahmoud is not Mohammed (one letter, و, apart)'],
    ['Hassan Nasr', P, 'حسين نصر', 'PERSON', false, 'Arabic Hussein is not Hassan (one letter, ي, apart)'],
    ['Nikola Petrovic', P, 'Nikolai Petrov', 'PERSON', false, 'Petrovic and Petrov are two surnames'],
    ['John Paul Smith', P, 'John Peter Smith', 'PERSON', false, 'two different middle names'],
  ];
  for (const [subjectName, subjectType, entryName, entryType, match, note] of CURATED) {
    add(
      'curated',
      match,
      note,
      { name: subjectName, entityType: subjectType === 'PERSON' ? 'PERSON' : 'ORGANIZATION' },
      { names: [primary(entryName)], entityType: entryType as AmlEntityType },
    );
  }
  return pairs;
}

/** The name, or the name with one typo in its longest token (7+ letters). */
function typoOrSame(rng: Rng, name: string): string {
  const words = name.split(' ');
  const j = words.reduce((best, w, k) => (w.length > words[best]!.length ? k : best), 0);
  if (words[j]!.length < 7) return name;
  words[j] = typo(rng, words[j]!);
  return words.join(' ');
}

function main(): void {
  const args = process.argv.slice(2);
  const seed = Number(args[args.indexOf('--seed') + 1] ?? 1) || 1;
  const out = args.includes('--out') ? args[args.indexOf('--out') + 1]! : path.join(process.cwd(), 'tests', 'fixtures', 'aml', 'evaluation.json');
  const pairs = generateEvaluationSet(seed);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ generator: 'scripts/aml-evaluation-set.ts', seed, pairs }, null, 1)}\n`);
  const byCategory = new Map<string, number>();
  for (const p of pairs) byCategory.set(p.category, (byCategory.get(p.category) ?? 0) + 1);
  console.log(`${pairs.length} pairs (${pairs.filter((p) => p.match).length} matches) -> ${out}`);
  console.log([...byCategory].map(([c, n]) => `${c} ${n}`).join(', '));
}

if (process.argv[1] && /aml-evaluation-set\.ts$/.test(process.argv[1])) main();
