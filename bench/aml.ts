/**
 * AML over HTTP against `npm start` (issue 27, "Speed"): every figure beside its goal and beside a
 * baseline measured in the same run, on PostgreSQL (with BENCH_DATABASE_URL or DATABASE_URL, a fresh
 * database) and on PGlite.
 *
 *   npm run bench -- aml     (BENCH_SECONDS=5 per run; a production build is made when stale)
 *
 * Per database, one server (WEBHOOK_WORKER on, as by default: ongoing monitoring runs in it):
 *   3. the transfer path: 200 funded wallets with consents spread over BENCH_AML_CUSTOMERS active
 *      customers (40), each with a beneficiary; payouts with no rule, then with the six rule types
 *      enabled at thresholds that do not fire (the defaults a tenant is offered; velocity at 1,000 a
 *      day), alternated off/on BENCH_AML_PAIRS times, medians; then no alert raised, the ledger
 *      balanced, every cent accounted for. Velocity reads a customer's transfers of the last day (at
 *      most its maxCount), so the figure depends on how many each has (printed).
 *   1. re-screening: a tenant registered through the API, BENCH_AML_SUBJECTS customers with persons
 *      and addresses written straight into its database (PostgreSQL: a pg client while the server
 *      runs; PGlite: the server stopped, its directory opened here, the server started again), 0.5%
 *      of them named after list entries; GET /api/health idle; a platform OFAC list of about
 *      BENCH_AML_NAMES names (bench/_aml-fixtures.ts) imported over HTTP with health under load from
 *      before the import until every re-screening run of the version is DONE. The figure is the runs'
 *      own time, first claim to last DONE (their timestamps in the database): the first run starts at
 *      the import's commit and its first work, building the list's index, may come before the
 *      import's answer, in the same thread. Health is counted over that same window.
 *   2. memory: the server started again with the list switched off, its routes warmed, resident
 *      size after 10 s idle; the list on, one search builds the index, resident size 10 s later.
 *   4. (PostgreSQL) a second server on the same database, its index warmed by one search; a new
 *      version imported on the first, timed from the import's commit (a LISTEN of this process on
 *      the channel the import notifies) until the second's /api/metrics shows the version in
 *      aml_index_names; BENCH_AML_INSTANCE_ROUNDS times, median.
 * Prints the table and the goals; writes bench/results/aml-<database>.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  CONNECTIONS,
  REPO_ROOT,
  SECONDS,
  benchPort,
  ensureBuild,
  inParallel,
  load,
  median,
  medianLoad,
  onExit,
  serverEnv,
  sleep,
  startServer,
  withFreshPostgres,
  type Load,
  type LoadOptions,
  type Server,
} from './_harness';
import { syntheticOfacFiles } from './_aml-fixtures';
import { round, watchdog } from './_stats';

// about 10 minutes for both databases on an otherwise idle 2-core machine
watchdog('bench/aml.ts', Number(process.env.BENCH_LIMIT_MINUTES ?? 30) * 60);

const SUBJECTS = Number(process.env.BENCH_AML_SUBJECTS ?? 10_000);
/** names of the platform list, entries plus aliases (the synthetic OFAC files give about 1.7 per entry) */
const NAMES = Number(process.env.BENCH_AML_NAMES ?? 50_000);
const NAMES_PER_ENTRY = 1.7;
/** payouts per measured run of the transfer path */
const PAYOUTS = Number(process.env.BENCH_AML_PAYOUTS ?? 1000);
/** off/on alternations of the transfer path (at least 2) */
const PAIRS = Math.max(2, Number(process.env.BENCH_AML_PAIRS ?? 3));
const INSTANCE_ROUNDS = Number(process.env.BENCH_AML_INSTANCE_ROUNDS ?? 3);
/** BENCH_DB=pglite or postgres: one of the two only */
const ONLY = process.env.BENCH_DB;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const RUNS = 3;
const WARM_SECONDS = 3;
const WALLETS = 200;
/** customers the payout wallets are spread over */
const CUSTOMERS = Number(process.env.BENCH_AML_CUSTOMERS ?? 40);
const WARM_PAYOUTS = 100;
const PAYOUT_CONNECTIONS = 20;
const PLANTED_SHARE = 0.005;
const RESCREEN_LIMIT_MS = 15 * 60_000;
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';
/** how long the server is left idle before its resident size is read, before and after the index */
const MEMORY_SETTLE_MS = 10_000;
const PASSWORD = 'Correct-Horse-9-Battery'; // STRONG_PASSWORD of the e2e fixtures: the owner's

type Db = 'pglite' | 'postgres';

interface DbResult {
  db: Db;
  rescreen: {
    subjects: number;
    planted: number;
    /** planted subjects with at least one alert */
    plantedCaught: number;
    alerts: number;
    listEntries: number;
    listNames: number;
    importSeconds: number;
    seedSeconds: number;
    /** from the first claim of a run of the version until the last one was DONE (the runs' own times) */
    seconds: number;
    /** from the import's answer until the last run was DONE */
    afterAnswerSeconds: number;
    runs: number;
    subjectsScreened?: number;
    healthIdle: ReturnType<typeof medianLoad>;
    healthDuring: Continuous;
    healthRatio: number;
  };
  memory: { beforeMiB: number; soonMiB: number; afterMiB: number; addedMiB: number; heapAddedMiB: number | null; buildMs: number; indexedNames: number };
  transfers: {
    offRuns: number[];
    onRuns: number[];
    off: number;
    on: number;
    ratio: number;
    p99OffMs: number;
    p99OnMs: number;
    /** the customer's transfers that the velocity and structuring aggregates read at the end */
    customerTransfersInWindow: number;
    transactionAlerts: number;
    ledger: { balanced: boolean; overdrawn: number; conserved: boolean; status5xx: number };
  };
  /** from the import's commit (its notification) until the second's metrics showed the version; the same from the first's answer */
  instances?: { followMs: number[]; followFromAnswerMs: number[]; importSeconds: number[]; firstSearchMs: number };
}

// ------------------------------------------------------------------------------------------------
// HTTP helpers
// ------------------------------------------------------------------------------------------------

const platformAuth = async () => ({ authorization: `Bearer ${(await import('../tests/e2e/fixtures')).E2E_PLATFORM_KEY}` });

/** A request that must answer 200 with our envelope: its `data`. */
async function api<T>(base: string, method: string, p: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: T }).data;
}

async function metricsText(base: string): Promise<string> {
  const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`GET /api/metrics: ${res.status}`);
  return res.text();
}

/** The versions of a list this server's index holds, from aml_index_names{list_id, version_id}. */
const indexedVersions = (metrics: string, listId: string) =>
  [...metrics.matchAll(/^aml_index_names\{list_id="([^"]+)",version_id="([^"]+)"\} (\d+)/gm)].filter((m) => m[1] === listId).map((m) => ({ versionId: m[2]!, names: Number(m[3]) }));

const gauge = (metrics: string, name: string) => Number(new RegExp(`^${name} ([0-9.e+]+)$`, 'm').exec(metrics)?.[1] ?? NaN);

/** A tenant registered through the API and its owner's (ADMIN_USER) bearer headers. */
async function adminTenant(base: string, label: string) {
  const { registrationBody, uniqueName } = await import('../tests/e2e/fixtures');
  const { context } = await import('../tests/e2e/money-world');
  const tenant = await api<{ tenantId: string; organizationId: string; userId: string }>(
    base,
    'POST',
    '/api/v2.1/tenants/registration',
    await platformAuth(),
    registrationBody(uniqueName(label)),
  );
  const ctx = context(tenant.tenantId);
  const session = await api<{ token: string }>(base, 'POST', `/api/v2.1/admin/organization/${tenant.organizationId}/users/${tenant.userId}/sessions`, ctx, {
    username: 'owner',
    password: PASSWORD,
  });
  return { tenantId: tenant.tenantId, auth: { ...ctx, authorization: `Bearer ${session.token}` } };
}

/** GET `p` at CONNECTIONS connections until stopped; the wall-clock time (ms) of every 2xx answer. */
function startLoad(base: string, p: string): { stop: () => Promise<{ answers: number[]; non2xx: number }> } {
  const answers: number[] = [];
  let non2xx = 0;
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<void>((resolve, reject) => {
    instance = autocannon({ url: base, connections: CONNECTIONS, duration: RESCREEN_LIMIT_MS / 1000 + 600, timeout: 30, requests: [{ method: 'GET', path: p }] }, (err: unknown) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(),
    );
    instance.on('response', (_client, status) => {
      if (status >= 200 && status < 300) answers.push(Date.now());
      else non2xx += 1;
    });
  });
  return {
    stop: async () => {
      instance?.stop();
      await finished;
      return { answers, non2xx };
    },
  };
}

/**
 * The answers of a load between two wall-clock times: 2xx per second over the window, its slowest
 * second and its SECONDS-long slices (the runs of bench/http.ts).
 */
interface Continuous {
  rps: number;
  seconds: number;
  worstSecond: number;
  slices: number[];
  non2xx: number;
}
function windowOf(answers: number[], from: number, to: number, non2xx: number): Continuous {
  const seconds = (to - from) / 1000;
  const inWindow = answers.filter((t) => t >= from && t <= to);
  const perSecond = new Array<number>(Math.max(1, Math.floor(seconds))).fill(0);
  const perSlice = new Array<number>(Math.max(1, Math.floor(seconds / SECONDS))).fill(0);
  for (const t of inWindow) {
    const second = Math.floor((t - from) / 1000);
    if (second < perSecond.length) perSecond[second]! += 1;
    const slice = Math.floor(second / SECONDS);
    if (slice < perSlice.length) perSlice[slice]! += 1;
  }
  return {
    rps: round(inWindow.length / seconds),
    seconds: round(seconds),
    worstSecond: Math.min(...perSecond),
    slices: seconds >= SECONDS ? perSlice.map((n) => round(n / SECONDS)) : [],
    non2xx,
  };
}

/** RUNS runs of GET /api/health after a warm-up: the median, as bench/http.ts measures it. */
async function idleHealth(base: string): Promise<ReturnType<typeof medianLoad>> {
  await load(base, { path: '/api/health', seconds: WARM_SECONDS });
  const runs: Load[] = [];
  for (let r = 0; r < RUNS; r++) runs.push(await load(base, { path: '/api/health' }));
  return medianLoad(runs);
}

// ------------------------------------------------------------------------------------------------
// The database from outside the server (seeding, progress)
// ------------------------------------------------------------------------------------------------

interface SqlClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

async function openSql(dbEnv: Record<string, string>): Promise<SqlClient> {
  if (dbEnv.DATABASE_URL) {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: dbEnv.DATABASE_URL });
    await client.connect();
    return { query: async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query(text, params)).rows as T[] }), close: () => client.end() };
  }
  // the server is stopped: its directory is ours until it starts again
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(dbEnv.PGLITE_DATA_DIR!);
  await client.waitReady;
  return { query: async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query<T>(text, params)).rows }), close: () => client.close() };
}

// ------------------------------------------------------------------------------------------------
// Subjects: invented customers, a few named after list entries
// ------------------------------------------------------------------------------------------------

/** mulberry32, as bench/_aml-fixtures.ts: the same subjects on every machine */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// the names of a European platform's customers: German, Turkish, Polish, Italian, Spanish, Greek,
// Arabic, Russian, Ukrainian, Vietnamese, English, French, Dutch, Scandinavian, ...
const FIRST_NAMES = [
  'Anna',
  'Lukas',
  'Sophie',
  'Jonas',
  'Marie',
  'Felix',
  'Lena',
  'Maximilian',
  'Hannah',
  'Paul',
  'Katharina',
  'Tobias',
  'Julia',
  'Sebastian',
  'Laura',
  'Matthias',
  'Mehmet',
  'Ayşe',
  'Mustafa',
  'Fatma',
  'Emre',
  'Zeynep',
  'Hüseyin',
  'Elif',
  'Piotr',
  'Agnieszka',
  'Krzysztof',
  'Małgorzata',
  'Tomasz',
  'Katarzyna',
  'Giulia',
  'Marco',
  'Francesca',
  'Alessandro',
  'Chiara',
  'Lucía',
  'Javier',
  'Carmen',
  'Alejandro',
  'Isabel',
  'Dimitrios',
  'Eleni',
  'Georgios',
  'Maria',
  'Ahmed',
  'Fatima',
  'Omar',
  'Layla',
  'Youssef',
  'Mariam',
  'Karim',
  'Nour',
  'Dmitri',
  'Olga',
  'Sergei',
  'Natalia',
  'Andriy',
  'Oksana',
  'Thi',
  'Minh',
  'Linh',
  'Duc',
  'James',
  'Emily',
  'Oliver',
  'Charlotte',
  'William',
  'Amelia',
  'Camille',
  'Louis',
  'Chloé',
  'Hugo',
  'Sanne',
  'Daan',
  'Fleur',
  'Lars',
  'Ingrid',
  'Erik',
  'Astrid',
  'Mikael',
  'Priya',
  'Rahul',
  'Ananya',
  'Arjun',
  'Wei',
  'Li',
  'Yuki',
  'Haruto',
  'Adaeze',
  'Chinedu',
  'Ama',
  'Kwame',
  'João',
  'Beatriz',
  'Tiago',
  'Inês',
  'Zoltán',
  'Eszter',
  'Jan',
];
const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Krause',
  'Lehmann',
  'Köhler',
  'Maier',
  'Vogel',
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Yıldız',
  'Öztürk',
  'Aydın',
  'Özdemir',
  'Arslan',
  'Nowak',
  'Kowalski',
  'Wiśniewski',
  'Wójcik',
  'Kowalczyk',
  'Kamiński',
  'Lewandowski',
  'Zieliński',
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'García',
  'Fernández',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Papadopoulos',
  'Georgiou',
  'Nikolaidis',
  'Haddad',
  'Khalil',
  'Mansour',
  'Nasser',
  'Saleh',
  'Hamdan',
  'Aziz',
  'Rahman',
  'Ivanov',
  'Smirnov',
  'Kuznetsov',
  'Popov',
  'Volkov',
  'Shevchenko',
  'Kovalenko',
  'Bondarenko',
  'Nguyen',
  'Tran',
  'Le',
  'Pham',
  'Hoang',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'de Vries',
  'van Dijk',
  'Bakker',
  'Jansen',
  'Visser',
  'Hansen',
  'Johansson',
  'Andersson',
  'Nielsen',
  'Larsen',
  'Patel',
  'Sharma',
  'Singh',
  'Wang',
  'Zhang',
  'Chen',
  'Tanaka',
  'Sato',
  'Okafor',
  'Mensah',
  'Silva',
  'Santos',
  'Oliveira',
  'Costa',
  'Nagy',
  'Kovács',
  'Horváth',
  'Novák',
  'Dvořák',
];
const NATIONALITIES = ['DE', 'DE', 'DE', 'DE', 'DE', 'TR', 'PL', 'IT', 'ES', 'GR', 'FR', 'NL', 'AT', 'RO', 'UA', 'RU', 'SY', 'VN', 'GB', 'US', 'IN', 'CN', 'NG', 'PT', 'HU', 'CZ'];
const CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt am Main', 'Stuttgart', 'Düsseldorf', 'Leipzig', 'Dortmund', 'Essen', 'Bremen', 'Dresden'];

interface SubjectRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  dob: string | null;
  nationality: string | null;
  city: string;
  postal_code: string;
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/** A spelling variant: the last vowel of the word changed (the matcher must still find it). */
function variant(word: string): string {
  const at = Math.max(...['a', 'e', 'i', 'o', 'u'].map((v) => word.lastIndexOf(v)));
  if (at < 1) return `${word}${word.at(-1)}`;
  return word.slice(0, at) + (word[at] === 'e' ? 'a' : 'e') + word.slice(at + 1);
}

/**
 * `count` customers: invented names from the tables above, and every (1 / PLANTED_SHARE)th one named
 * after a person of the list (with its birth date and nationality; every other one spelt slightly
 * differently), so that the re-screening writes alerts.
 */
function inventSubjects(count: number, listPersons: { given: string; last: string; birth: string | null; country: string | null }[]): { rows: SubjectRow[]; planted: Set<string> } {
  const random = generator(27);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const plantedCount = Math.min(listPersons.length, Math.max(1, Math.round(count * PLANTED_SHARE)));
  const every = Math.floor(count / plantedCount);
  const rows: SubjectRow[] = [];
  const planted = new Set<string>();
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const k = i / every;
    let first: string;
    let last: string;
    let dob: string | null;
    let nationality: string | null;
    if (i % every === 0 && k < plantedCount) {
      const person = listPersons[k]!;
      first = titleCase(person.given);
      last = k % 2 ? variant(titleCase(person.last)) : titleCase(person.last);
      dob = person.birth;
      nationality = person.country;
      planted.add(id);
    } else {
      first = random() < 0.15 ? `${pick(FIRST_NAMES)} ${pick(FIRST_NAMES)}` : pick(FIRST_NAMES);
      last = random() < 0.08 ? `${pick(LAST_NAMES)}-${pick(LAST_NAMES)}` : pick(LAST_NAMES);
      const year = 1945 + Math.floor(random() * 60);
      dob = random() < 0.97 ? `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}` : null;
      nationality = pick(NATIONALITIES);
    }
    rows.push({
      id,
      first_name: first,
      last_name: last,
      email: `${ascii(first)}.${ascii(last)}.${i}@customer.example`,
      dob,
      nationality,
      city: pick(CITIES),
      postal_code: String(10_000 + Math.floor(random() * 89_999)),
    });
  }
  return { rows, planted };
}

/** Customers (ACTIVE individuals), their persons and a postal address each, 2,000 per statement. */
async function seedSubjects(client: SqlClient, tenantId: string, rows: SubjectRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    await client.query(
      `with x as (select * from jsonb_to_recordset($2::jsonb) as x(id uuid, first_name text, last_name text, email text, dob date, nationality text, city text, postal_code text)),
       c as (insert into customers (id, tenant_id, customer_type, status, display_name, email, activated_at)
             select x.id, $1::uuid, 'INDIVIDUAL', 'ACTIVE', x.first_name || ' ' || x.last_name, x.email, now() from x returning id),
       p as (insert into persons (tenant_id, customer_id, first_name, last_name, email, date_of_birth, nationality)
             select $1::uuid, x.id, x.first_name, x.last_name, x.email, x.dob, x.nationality from x join c on c.id = x.id returning 1)
       insert into addresses (tenant_id, customer_id, address_type, street, city, postal_code, country, is_primary)
       select $1::uuid, x.id, 'POSTAL', 'Hauptstraße ' || (1 + abs(hashtext(x.email::text)) % 200), x.city, x.postal_code, 'DE', true from x join c on c.id = x.id`,
      [tenantId, JSON.stringify(rows.slice(i, i + 2000))],
    );
  }
  // a production database has its statistics; the re-screening's batch query is planned with them
  await client.query('analyze customers, persons, addresses');
}

// ------------------------------------------------------------------------------------------------
// The list
// ------------------------------------------------------------------------------------------------

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The OFAC upload of the list, with `extra` entries added at the end of sdn.csv (a new version). */
function upload(files: { main: string; alt?: string; add?: string }, extra = 0) {
  const lines = Array.from({ length: extra }, (_, i) => `${9_000_000 + i},"BENCHMARK-${i + 1}, Version","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1970."`);
  const main = extra ? files.main.replace(/\x1a$/, `${lines.join('\r\n')}\r\n\x1a`) : files.main;
  return { main: { fileName: 'sdn.csv', content: b64(main) }, alt: { fileName: 'alt.csv', content: b64(files.alt ?? '') }, add: { fileName: 'add.csv', content: b64(files.add ?? '') } };
}

interface ListFixture {
  files: { main: string; alt?: string; add?: string };
  entries: number;
  persons: { given: string; last: string; birth: string | null; country: string | null }[];
}

async function listFixture(): Promise<ListFixture> {
  const { parseList } = await import('../lib/services/aml/lists/parse');
  const entries = Math.max(10, Math.round(NAMES / NAMES_PER_ENTRY));
  const files = syntheticOfacFiles(entries, 1);
  // the persons of the list with a birth date, for the subjects named after them
  const persons = parseList('OFAC_SDN_CSV', files)
    .filter((e) => e.entityType === 'PERSON' && e.birthDates.length > 0 && /^[A-Z]+, \S+/.test(e.primaryName))
    .map((e) => {
      const [last, given] = e.primaryName.split(', ') as [string, string];
      const b = e.birthDates[0]!;
      return { given: given.split(' ')[0]!, last, birth: b.date ?? `${b.fromYear}-07-01`, country: e.countries[0] ?? null };
    });
  return { files, entries, persons };
}

// ------------------------------------------------------------------------------------------------
// 3. The transfer path, rules off and on
// ------------------------------------------------------------------------------------------------

/**
 * The payout world: a staffed tenant (tests/e2e/money-world.ts) with BENCH_AML_CUSTOMERS active
 * customers registered and reviewed through the API, WALLETS funded wallets spread over them with
 * consents, and a beneficiary each. Payouts go round the wallets, so each customer sends its share
 * of them: velocity and structuring read one customer's transfers, as they would at a bank with many
 * customers (bench/http.ts's world puts 200 wallets under one customer, the worst case for them).
 */
async function payoutWorld(base: string, perWallet: number) {
  const { activeIndividual, context, ok, staffTenant } = await import('../tests/e2e/money-world');
  const { request: playwrightRequest } = await import('@playwright/test');
  const request = await playwrightRequest.newContext({ baseURL: base });
  const staff = await staffTenant(request, 'AML bench');
  const auth = { ...context(staff.tenantId), ...staff.auth };
  const customers = await inParallel(
    Array.from({ length: CUSTOMERS }, (_, i) => i),
    4,
    async (i) => {
      const { customerId } = await activeIndividual(request, staff, { firstName: `Bench${i}`, lastName: `Payer${i}x${Date.now().toString(36)}` });
      const beneficiary = await ok<{ id: string }>(
        await request.post('/api/v2.1/beneficiaries', { headers: auth, data: { customerId, name: 'Bench Payee', iban: 'DE02120300000000202051', country: 'DE' } }),
      );
      return { customerId, beneficiaryId: beneficiary.id };
    },
  );
  const wallets = await inParallel(
    Array.from({ length: WALLETS }, (_, i) => i),
    4,
    async (i) => {
      const owner = customers[i % CUSTOMERS]!;
      const wallet = await ok<{ id: string }>(await request.post('/api/v2.1/wallets', { headers: auth, data: { customerId: owner.customerId, currency: 'EUR', name: `Bench ${i}` } }));
      await ok(await request.post(`/api/v2.1/wallets/${wallet.id}/sandbox/fund`, { headers: auth, data: { amount: String(perWallet), currency: 'EUR' } }));
      const consent = await ok<{ id: string }>(
        await request.post('/api/v2.1/payment-consents', {
          headers: auth,
          data: { walletId: wallet.id, scope: 'RECURRING_PAYMENTS', maxAmountPerPayment: '10', currency: 'EUR', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
        }),
      );
      return { walletId: wallet.id, consentId: consent.id, beneficiaryId: owner.beneficiaryId, funded: perWallet };
    },
  );
  await request.dispose();
  return { tenantId: staff.tenantId, auth, wallets };
}

/**
 * The six rule types as a tenant is offered them (AML_RULE_DEFAULTS), which 1.00 EUR payouts to a
 * German payee do not fire; velocity at a count no customer of the bench reaches in a day (each
 * sends its share of every payout) and a large amount. Every aggregate (the customer's transfers of
 * the last day for velocity, the wallet's credits of the last hour for rapid out) is still computed;
 * structuring's only for an amount in its band, which 1.00 EUR is not.
 */
async function sixRules(): Promise<{ name: string; ruleType: string; params: Record<string, unknown> }[]> {
  const { AML_RULE_DEFAULTS } = await import('../lib/contract/aml');
  return Object.entries(AML_RULE_DEFAULTS).map(([ruleType, d]) => ({
    name: `Bench ${d.name}`,
    ruleType,
    params: ruleType === 'VELOCITY' ? { ...d.params, maxCount: 1000, maxAmount: '1000000000' } : { ...d.params },
  }));
}

async function transferFigure(base: string, db: Db): Promise<DbResult['transfers']> {
  const total = WARM_PAYOUTS * 2 + PAIRS * 2 * PAYOUTS;
  // velocity counts a customer's transfers of the day: past its maxCount (1,000) it would fire
  if (Math.ceil(total / CUSTOMERS) >= 1000) throw new Error(`each customer must send fewer than 1,000 payouts (the velocity rule would fire): ${total} over ${CUSTOMERS} customers`);
  const perWallet = Math.ceil(total / WALLETS) + 11;
  const started = performance.now();
  const world = await payoutWorld(base, perWallet);
  console.log(`  payout world built over HTTP in ${round((performance.now() - started) / 1000)} s (${WALLETS} wallets of ${perWallet} EUR)`);
  let seq = 0;
  const tag = `${db}-${Date.now().toString(36)}`;
  const payouts = (amount: number): LoadOptions => ({
    path: '/api/v2.1/transfers',
    method: 'POST',
    headers: world.auth,
    amount,
    connections: PAYOUT_CONNECTIONS,
    next: () => {
      const i = seq++;
      const w = world.wallets[i % WALLETS]!;
      const body = { walletId: w.walletId, beneficiary: { id: w.beneficiaryId }, amount: '1.00', currency: 'EUR', reference: `aml bench ${i}`, paymentConsentId: w.consentId };
      return { headers: { 'idempotency-key': `aml-bench-${tag}-${i}` }, body: JSON.stringify(body) };
    },
  });
  const rules = await sixRules();
  const ids: string[] = [];
  const setRules = async (enabled: boolean) => {
    if (!ids.length && enabled) {
      for (const r of rules) ids.push((await api<{ id: string }>(base, 'POST', '/api/v2.1/aml/rules', world.auth, { ...r, enabled: true, action: 'ALERT' })).id);
    } else for (const id of ids) await api(base, 'PATCH', `/api/v2.1/aml/rules/${id}`, world.auth, { enabled });
  };
  await load(base, payouts(WARM_PAYOUTS));
  await setRules(true);
  await load(base, payouts(WARM_PAYOUTS));
  const off: Load[] = [];
  const on: Load[] = [];
  for (let r = 0; r < PAIRS; r++) {
    await setRules(false);
    off.push(await load(base, payouts(PAYOUTS)));
    await setRules(true);
    on.push(await load(base, payouts(PAYOUTS)));
    console.log(`  payouts pair ${r + 1}: rules off ${off.at(-1)!.rps} /s (p99 ${off.at(-1)!.p99Ms} ms), six rules on ${on.at(-1)!.rps} /s (p99 ${on.at(-1)!.p99Ms} ms)`);
  }
  await setRules(false);
  const mOff = medianLoad(off);
  const mOn = medianLoad(on);
  const transactionAlerts = (await api<{ total: number }>(base, 'GET', '/api/v2.1/aml/alerts?kind=TRANSACTION&pageSize=1', world.auth)).total;
  const inWindow = (await api<{ total: number }>(base, 'GET', '/api/v2.1/transfers?pageSize=1', world.auth)).total;
  const ledger = await checkLedger(base, world, mOff.total5xx + mOn.total5xx);
  return {
    offRuns: off.map((l) => l.rps),
    onRuns: on.map((l) => l.rps),
    off: round(median(off.map((l) => l.rps))),
    on: round(median(on.map((l) => l.rps))),
    ratio: round(median(on.map((l) => l.rps)) / median(off.map((l) => l.rps))),
    p99OffMs: mOff.p99Ms,
    p99OnMs: mOn.p99Ms,
    customerTransfersInWindow: Math.round(inWindow / CUSTOMERS),
    transactionAlerts,
    ledger,
  };
}

/** After the payouts: the ledger's own checks, no wallet below zero, every cent accounted for (as bench/http.ts). */
async function checkLedger(base: string, world: Awaited<ReturnType<typeof payoutWorld>>, status5xx: number): Promise<DbResult['transfers']['ledger']> {
  const get = <T>(p: string) => api<T>(base, 'GET', p, world.auth);
  const reconciliation = await get<{ balanced: boolean }>('/api/v2.1/ledger/reconciliation');
  const balances = await inParallel(world.wallets, 8, async (w) => Number((await get<{ balance: string }>(`/api/v2.1/wallets/${w.walletId}`)).balance));
  const { total: paid } = await get<{ total: number }>('/api/v2.1/transfers?pageSize=1&status=COMPLETED');
  const funded = world.wallets.reduce((a, w) => a + w.funded, 0);
  const left = balances.reduce((a, b) => a + b, 0);
  // each completed payout took exactly 1.00 from one of these wallets
  const conserved = Math.abs(funded - left - paid) < 0.005;
  const overdrawn = balances.filter((b) => b < 0).length;
  console.log(
    `  ledger: reconciliation ${reconciliation.balanced ? 'balanced' : 'NOT balanced'}, ${overdrawn} wallets overdrawn, funded ${funded} - left ${round(left)} = ${round(funded - left)} paid out (${paid} completed payouts), ${status5xx} answers 5xx`,
  );
  return { balanced: reconciliation.balanced, overdrawn, conserved, status5xx };
}

// ------------------------------------------------------------------------------------------------
// One database
// ------------------------------------------------------------------------------------------------

async function runOn(db: Db, ports: number[], dbEnv: Record<string, string>, list: ListFixture): Promise<DbResult> {
  console.log(`\n== ${db} ==`);
  const env = await serverEnv(ports[0]!, { METRICS_TOKEN, ...dbEnv });
  const start = () => startServer('npm start', [path.join(REPO_ROOT, 'server', 'main.mjs')], env, ports[0]!);
  let server: Server = await start();
  const platform = await platformAuth();
  try {
    const base = server.url;
    // 3. the transfer path (before any list: payouts do not screen)
    const transfers = await transferFigure(base, db);

    // 1. the subjects
    const subjectsTenant = await adminTenant(base, 'AML bench');
    const { rows, planted } = inventSubjects(SUBJECTS, list.persons);
    const seedStarted = performance.now();
    let client: SqlClient | null = null;
    if (db === 'pglite') await server.stop();
    client = await openSql(dbEnv);
    await seedSubjects(client, subjectsTenant.tenantId, rows);
    if (db === 'pglite') {
      await client.close();
      client = null;
    }
    const seedSeconds = round((performance.now() - seedStarted) / 1000);
    if (db === 'pglite') server = await start();
    console.log(`  ${rows.length} subjects written into the database in ${seedSeconds} s (${planted.size} named after list entries)`);

    // 1. idle health, the import, the re-screening under load
    const healthIdle = await idleHealth(server.url);
    console.log(`  GET /api/health idle: ${healthIdle.runs.join(', ')} /s (median ${healthIdle.rps})`);
    const created = await api<{ id: string }>(server.url, 'POST', '/api/v2.1/platform/aml/lists', platform, {
      name: `Bench OFAC ${Date.now().toString(36)}`,
      kind: 'SANCTIONS',
      format: 'OFAC_SDN_CSV',
    });
    const listId = created.id;
    const body = upload(list.files);
    // health is loaded from before the import: the re-screening starts at the import's commit, and
    // its first work (the list's index) can come before the import's answer, in the same thread
    const healthLoad = startLoad(server.url, '/api/health');
    let runs: { runs: number; screened: number; from: number; to: number };
    let answeredAt: number;
    let importSeconds: number;
    let version: { id: string; entryCount: number; nameCount: number };
    let health: { answers: number[]; non2xx: number };
    try {
      const importStarted = performance.now();
      version = await api<{ id: string; entryCount: number; nameCount: number }>(server.url, 'POST', `/api/v2.1/platform/aml/lists/${listId}/versions`, platform, body);
      importSeconds = round((performance.now() - importStarted) / 1000);
      answeredAt = Date.now();
      console.log(`  list imported in ${importSeconds} s (health under load meanwhile): ${version.entryCount} entries, ${version.nameCount} names`);
      for (;;) {
        if (Date.now() - answeredAt > RESCREEN_LIMIT_MS) throw new Error('the re-screening did not finish within 15 minutes');
        if (client) {
          const { rows: r } = await client.query<{ open: string }>(`select count(*) filter (where status <> 'DONE')::text as open from aml_rescreen_runs where version_id = $1`, [
            version.id,
          ]);
          if (Number(r[0]!.open) === 0) break;
        } else {
          const m = await metricsText(server.url);
          const open = ['PENDING', 'RUNNING'].map((st) => Number(new RegExp(`^aml_rescreen_runs\\{status="${st}"\\} (\\d+)`, 'm').exec(m)?.[1] ?? NaN));
          if (open.every((n) => n === 0)) break;
        }
        await sleep(100);
      }
    } finally {
      health = await healthLoad.stop();
    }
    const doneSeen = Date.now();
    // the runs' own times (the database's clock, this machine's): first claim to last DONE
    const readRuns = async (c: SqlClient) => {
      const { rows: r } = await c.query<{ runs: string; screened: string; started: string; finished: string }>(
        `select count(*)::text as runs, coalesce(sum(subjects_screened), 0)::text as screened,
           (extract(epoch from min(started_at)) * 1000)::bigint::text as started, (extract(epoch from max(finished_at)) * 1000)::bigint::text as finished
         from aml_rescreen_runs where version_id = $1`,
        [version.id],
      );
      return { runs: Number(r[0]!.runs), screened: Number(r[0]!.screened), from: Number(r[0]!.started), to: Number(r[0]!.finished) };
    };
    const alertsOf = async () => {
      const customers: string[] = [];
      let total = 0;
      for (let page = 1; ; page++) {
        const p = await api<{ items: { customerId: string }[]; total: number }>(server.url, 'GET', `/api/v2.1/aml/alerts?kind=SCREENING&pageSize=100&page=${page}`, subjectsTenant.auth);
        customers.push(...p.items.map((a) => a.customerId));
        total = p.total;
        if (p.items.length < 100) break;
      }
      return { total, caught: new Set(customers.filter((c) => planted.has(c))).size };
    };
    const alerts = await alertsOf();
    console.log(`  ${alerts.total} screening alerts raised; ${alerts.caught} of ${planted.size} subjects named after list entries among them`);

    // 2. memory: a fresh process, the list off, routes warmed; then one search builds the index
    await api(server.url, 'PATCH', `/api/v2.1/platform/aml/lists/${listId}`, platform, { enabled: false });
    await server.stop();
    {
      // PGlite: read while the server is stopped
      const c = client ?? (await openSql(dbEnv));
      runs = await readRuns(c);
      if (!client) await c.close();
    }
    const rescreenSeconds = round((runs.to - runs.from) / 1000);
    const healthDuring = windowOf(health.answers, runs.from, runs.to, health.non2xx);
    const healthRatio = round(healthDuring.rps / healthIdle.rps);
    console.log(
      `  re-screening: ${rescreenSeconds} s from the first run's claim to the last one's DONE (${round((runs.to - answeredAt) / 1000)} s after the import's answer, seen ${round((doneSeen - answeredAt) / 1000)} s after); ${runs.runs} runs, ${runs.screened} subjects`,
    );
    console.log(
      `  health meanwhile ${healthDuring.rps} /s (${healthRatio} of idle; slowest second ${healthDuring.worstSecond}; ${SECONDS} s slices ${healthDuring.slices.join(', ') || '-'})`,
    );
    server = await start();
    const search = (name: string) => api<{ hits: unknown[] }>(server.url, 'POST', '/api/v2.1/aml/search', subjectsTenant.auth, { name });
    await api(server.url, 'PATCH', `/api/v2.1/platform/aml/lists/${listId}`, platform, { enabled: false });
    for (let i = 0; i < 20; i++) await search(`${FIRST_NAMES[i]} ${LAST_NAMES[i]}`);
    await metricsText(server.url);
    await load(server.url, { path: '/api/health', seconds: 1 });
    // resident size a while after the last request (V8 gives back what a collection freed when the
    // process is idle), the median of five samples
    const settle = async (ms: number) => {
      await sleep(ms);
      const samples: number[] = [];
      for (let i = 0; i < 5; i++, await sleep(200)) samples.push(server.rssMiB());
      return median(samples);
    };
    const heapOf = async () => gauge(await metricsText(server.url), 'nodejs_heap_size_used_bytes') / 2 ** 20;
    const beforeMiB = await settle(MEMORY_SETTLE_MS);
    const heapBefore = await heapOf();
    await api(server.url, 'PATCH', `/api/v2.1/platform/aml/lists/${listId}`, platform, { enabled: true });
    const buildStarted = performance.now();
    await search(`${FIRST_NAMES[0]} ${LAST_NAMES[0]}`);
    const buildMs = Math.round(performance.now() - buildStarted);
    for (let i = 1; i < 20; i++) await search(`${FIRST_NAMES[i]} ${LAST_NAMES[i]}`);
    const soonMiB = await settle(1_000);
    const afterMiB = await settle(MEMORY_SETTLE_MS);
    const heapAfter = await heapOf();
    const indexedNames = indexedVersions(await metricsText(server.url), listId)[0]?.names ?? NaN;
    const memory = {
      beforeMiB,
      soonMiB,
      afterMiB,
      addedMiB: round(afterMiB - beforeMiB),
      heapAddedMiB: Number.isNaN(heapAfter - heapBefore) ? null : round(heapAfter - heapBefore),
      buildMs,
      indexedNames,
    };
    console.log(
      `  resident ${beforeMiB} MiB before the index, ${soonMiB} MiB a second after its build, ${afterMiB} MiB ${MEMORY_SETTLE_MS / 1000} s later (+${memory.addedMiB} MiB; V8 heap +${memory.heapAddedMiB} MiB); the search that built it took ${buildMs} ms; ${indexedNames} names indexed`,
    );

    // 4. several instances (PostgreSQL)
    let instances: DbResult['instances'];
    if (db === 'postgres') instances = await instancesFigure(server, ports[1]!, dbEnv, listId, list, subjectsTenant.auth, client!);
    await client?.close();

    return {
      db,
      rescreen: {
        subjects: rows.length,
        planted: planted.size,
        plantedCaught: alerts.caught,
        alerts: alerts.total,
        listEntries: version.entryCount,
        listNames: version.nameCount,
        importSeconds,
        seedSeconds,
        seconds: rescreenSeconds,
        afterAnswerSeconds: round((runs.to - answeredAt) / 1000),
        runs: runs.runs,
        subjectsScreened: runs.screened,
        healthIdle,
        healthDuring,
        healthRatio,
      },
      memory,
      transfers,
      ...(instances ? { instances } : {}),
    };
  } finally {
    await server.stop();
  }
}

/**
 * A second server on the database; its index warmed by one search; new versions imported on the
 * first. Timed from the import's commit, which this process hears as the second does: a LISTEN of
 * its own on the channel the import notifies (the first's answer can come later than the commit:
 * the first rebuilds its own index on the same notification).
 */
async function instancesFigure(
  first: Server,
  port: number,
  dbEnv: Record<string, string>,
  listId: string,
  list: ListFixture,
  auth: Record<string, string>,
  client: SqlClient,
): Promise<NonNullable<DbResult['instances']>> {
  const platform = await platformAuth();
  const { AML_INDEX_CHANNEL } = await import('../lib/services/aml/index-cache');
  const { Client } = await import('pg');
  const listener = new Client({ connectionString: dbEnv.DATABASE_URL });
  await listener.connect();
  let notified: number | null = null;
  listener.on('notification', (n) => {
    if (n.channel === AML_INDEX_CHANNEL && n.payload === listId) notified ??= performance.now();
  });
  await listener.query(`listen ${AML_INDEX_CHANNEL}`);
  // an API instance: ongoing monitoring stays with the first
  const second = await startServer(
    'npm start (second instance)',
    [path.join(REPO_ROOT, 'server', 'main.mjs')],
    await serverEnv(port, { METRICS_TOKEN, ...dbEnv, WEBHOOK_WORKER: 'false' }),
    port,
  );
  try {
    const searchStarted = performance.now();
    await api(second.url, 'POST', '/api/v2.1/aml/search', auth, { name: 'Anna Müller' });
    const firstSearchMs = Math.round(performance.now() - searchStarted);
    const followMs: number[] = [];
    const followFromAnswerMs: number[] = [];
    const importSeconds: number[] = [];
    for (let r = 1; r <= INSTANCE_ROUNDS; r++) {
      notified = null;
      const requested = performance.now();
      const version = await api<{ id: string }>(first.url, 'POST', `/api/v2.1/platform/aml/lists/${listId}/versions`, platform, upload(list.files, r));
      const answered = performance.now();
      for (;;) {
        if (indexedVersions(await metricsText(second.url), listId).some((v) => v.versionId === version.id)) break;
        if (performance.now() - answered > 120_000) throw new Error('the second instance did not follow the import within 2 minutes');
        await sleep(20);
      }
      const seen = performance.now();
      if (notified === null) throw new Error('no notification of the import reached this process');
      followMs.push(Math.round(seen - notified));
      followFromAnswerMs.push(Math.round(seen - answered));
      importSeconds.push(round((answered - requested) / 1000));
      console.log(
        `  version ${r + 1} imported on the first instance in ${importSeconds.at(-1)} s (committed ${round((notified - requested) / 1000)} s after the request); the second indexed it ${followMs.at(-1)} ms after the commit (${followFromAnswerMs.at(-1)} ms after the answer)`,
      );
      // the next round on a quiet pair: the first's re-screening of this version done
      for (;;) {
        const { rows } = await client.query<{ open: string }>(`select count(*) filter (where status <> 'DONE')::text as open from aml_rescreen_runs where version_id = $1`, [version.id]);
        if (Number(rows[0]!.open) === 0) break;
        await sleep(200);
      }
    }
    return { followMs, followFromAnswerMs, importSeconds, firstSearchMs };
  } finally {
    await second.stop();
    await listener.end();
  }
}

// ------------------------------------------------------------------------------------------------
// Goals and the report
// ------------------------------------------------------------------------------------------------

interface Goal {
  goal: string;
  db: Db;
  value: number;
  target: number;
  met: boolean;
  note?: string;
}

function goals(results: DbResult[]): Goal[] {
  const out: Goal[] = [];
  const add = (goal: string, db: Db, value: number | undefined, target: number, atMost: boolean, note?: string) => {
    if (value === undefined || Number.isNaN(value)) return;
    out.push({ goal, db, value, target, met: atMost ? value <= target : value >= target, ...(note ? { note } : {}) });
  };
  for (const r of results) {
    const scaled = r.rescreen.subjects === 10_000 ? '' : `; ${r.rescreen.subjects} subjects, not 10,000`;
    add('re-screening 10,000 subjects against a new list version, s', r.db, r.rescreen.seconds, 60, true, `${r.rescreen.listNames} names${scaled}`);
    add('GET /api/health during the re-screening / idle', r.db, r.rescreen.healthRatio, 0.8, false, `${r.rescreen.healthDuring.rps} vs ${r.rescreen.healthIdle.rps} /s`);
    add(`index of a ${r.memory.indexedNames}-name list: resident MiB added`, r.db, r.memory.addedMiB, 100, true);
    add('payouts with six rules on / off (medians)', r.db, r.transfers.ratio, 0.9, false, `${r.transfers.on} vs ${r.transfers.off} /s`);
    if (r.instances)
      add('second instance indexes a new version, ms after the import commits (median)', r.db, median(r.instances.followMs), 1000, true, `runs ${r.instances.followMs.join(', ')} ms`);
  }
  return out;
}

function report(results: DbResult[], loadBefore: number[], loadAfter: number[]): void {
  const by = (db: Db) => results.find((r) => r.db === db);
  const cols: Db[] = ['postgres', 'pglite'];
  const rows: Array<[string, (r: DbResult) => string | undefined]> = [
    ['GET /api/health idle (baseline)', (r) => `${r.rescreen.healthIdle.rps} req/s`],
    ['list imported over HTTP: entries, names; time', (r) => `${r.rescreen.listEntries}, ${r.rescreen.listNames}; ${r.rescreen.importSeconds} s`],
    ['subjects written into the database; time', (r) => `${r.rescreen.subjects}; ${r.rescreen.seedSeconds} s`],
    ['re-screening: first claim -> last run DONE (goal <= 60 s)', (r) => `${r.rescreen.seconds} s (${r.rescreen.runs} runs, ${r.rescreen.subjectsScreened} subjects)`],
    ['  import answered -> last run DONE', (r) => `${r.rescreen.afterAnswerSeconds} s`],
    ['  GET /api/health meanwhile / idle (goal >= 0.8)', (r) => `${r.rescreen.healthRatio} (${r.rescreen.healthDuring.rps} req/s)`],
    ['  health meanwhile: slowest second; 5 s slices', (r) => `${r.rescreen.healthDuring.worstSecond}; ${r.rescreen.healthDuring.slices.join(', ') || '-'}`],
    ['  alerts raised; subjects named after entries caught', (r) => `${r.rescreen.alerts}; ${r.rescreen.plantedCaught} of ${r.rescreen.planted}`],
    [
      'index memory: resident added (goal <= 100 MiB)',
      (r) => `${r.memory.addedMiB} MiB (${r.memory.beforeMiB} -> ${r.memory.afterMiB}; 1 s after the build ${r.memory.soonMiB}; heap +${r.memory.heapAddedMiB ?? '-'})`,
    ],
    ['  first search, which builds the index', (r) => `${r.memory.buildMs} ms`],
    [
      `payouts, rules off (baseline; ${PAYOUTS} per run, ${PAYOUT_CONNECTIONS} concurrent)`,
      (r) => `${r.transfers.off} /s (${r.transfers.offRuns.join(', ')}; p99 ${r.transfers.p99OffMs} ms)`,
    ],
    ['payouts, six rules on', (r) => `${r.transfers.on} /s (${r.transfers.onRuns.join(', ')}; p99 ${r.transfers.p99OnMs} ms)`],
    ['  on / off (goal >= 0.9)', (r) => String(r.transfers.ratio)],
    ['  customer transfers the aggregates read; alerts', (r) => `${r.transfers.customerTransfersInWindow}; ${r.transfers.transactionAlerts}`],
    [
      '  ledger after the payouts',
      (r) =>
        `${r.transfers.ledger.balanced ? 'balanced' : 'NOT balanced'}, ${r.transfers.ledger.overdrawn} overdrawn, ${r.transfers.ledger.conserved ? 'conserved' : 'NOT conserved'}, ${r.transfers.ledger.status5xx} 5xx`,
    ],
    ['second instance follows an import: commit -> its metrics (median; goal <= 1000 ms)', (r) => r.instances && `${median(r.instances.followMs)} ms (${r.instances.followMs.join(', ')})`],
    ["  the same from the import's answer; import time", (r) => r.instances && `${r.instances.followFromAnswerMs.join(', ')} ms; ${r.instances.importSeconds.join(', ')} s`],
    ['  its first search (builds its index)', (r) => r.instances && `${r.instances.firstSearchMs} ms`],
  ];
  const table = [['', 'PostgreSQL', 'PGlite'], ...rows.map(([label, f]) => [label, ...cols.map((db) => (by(db) ? (f(by(db)!) ?? '-') : 'not run'))])];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  console.log(
    `\nAML over HTTP against npm start: ${CONNECTIONS} connections for health, ${SECONDS} s per run; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}`,
  );
  console.log(`load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
  for (const [i, row] of table.entries()) {
    console.log(row.map((c, j) => c.padEnd(widths[j]!)).join(' | '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  }
  console.log('\ngoals of issue 27:');
  for (const g of goals(results)) console.log(`  ${g.met ? 'met    ' : 'NOT met'}  ${g.db.padEnd(8)} ${g.goal}: ${g.value} (goal ${g.target}${g.note ? `; ${g.note}` : ''})`);
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  console.log(`${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}); load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);
  ensureBuild();
  // the e2e world builders read the server's address from E2E_PORT when first imported
  const ports = [await benchPort(), await benchPort()];
  process.env.E2E_PORT = String(ports[0]);
  const list = await listFixture();
  const results: DbResult[] = [];
  if (ONLY !== 'pglite') {
    if (PG_ADMIN_URL) results.push(await withFreshPostgres(PG_ADMIN_URL, (url) => runOn('postgres', ports, { DATABASE_URL: url }, list)));
    else console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to a server the bench may create a database on');
  }
  if (ONLY !== 'postgres') {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-aml-'));
    const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
    const cancelRemoval = onExit(removeScratch);
    try {
      results.push(await runOn('pglite', ports, { PGLITE_DATA_DIR: path.join(scratch, 'pglite') }, list));
    } finally {
      cancelRemoval();
      removeScratch();
    }
  } else console.log('\nPGlite skipped (BENCH_DB=postgres)');
  const loadAfter = os.loadavg();

  report(results, loadBefore, loadAfter);
  const out = {
    benchmark: 'aml',
    date: new Date().toISOString(),
    environment: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: round(os.totalmem() / 2 ** 30),
      loadAverageBefore: loadBefore.map(round),
      loadAverageAfter: loadAfter.map(round),
    },
    parameters: {
      subjects: SUBJECTS,
      names: NAMES,
      listEntries: list.entries,
      secondsPerRun: SECONDS,
      runs: RUNS,
      connections: CONNECTIONS,
      payouts: { perRun: PAYOUTS, pairs: PAIRS, wallets: WALLETS, connections: PAYOUT_CONNECTIONS },
      instanceRounds: INSTANCE_ROUNDS,
    },
    results,
    goals: goals(results),
  };
  const dir = path.join(REPO_ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  for (const r of results) {
    writeFileSync(path.join(dir, `aml-${r.db}.json`), `${JSON.stringify({ ...out, results: [r], goals: out.goals.filter((g) => g.db === r.db) }, null, 2)}\n`);
    console.log(`written bench/results/aml-${r.db}.json`);
  }
  const bad = results.filter(
    (r) => !r.transfers.ledger.balanced || r.transfers.ledger.overdrawn || !r.transfers.ledger.conserved || r.transfers.ledger.status5xx || r.transfers.transactionAlerts,
  );
  if (bad.length) throw new Error(`${bad.map((r) => r.db).join(', ')}: the ledger does not reconcile, money went missing, a payout answered 5xx, or a rule fired`);
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
