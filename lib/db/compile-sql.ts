import { isDeepStrictEqual } from 'node:util';
import { Column, Param, Placeholder, SQL, StringChunk, Table, entityKind, is, type Query } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Drizzle's SQL-to-text step, without its per-chunk overhead (docs/performance.md, "The SQL
 * compiler").
 *
 * Every statement, raw or built, reaches the database through `PgDialect.sqlToQuery`, which walks
 * the statement's tree of chunks. Drizzle's walk answers each chunk with a `{ sql, params }` object
 * that the level above merges, and identifies each chunk by walking its prototype chain once per
 * kind it might be: a payout's three statements took 160-170 µs to compile that way, 20-25 µs this
 * way. This walk appends every chunk to one text and one parameter list (`$n`, PostgreSQL's
 * numbering, as PgDialect's). It handles itself the chunks that make up most statements: text,
 * nested SQL, lists, parameters, plain values and dates. A column or a table goes to drizzle's walk
 * the first time and its text is kept; any other chunk (a name, a placeholder, a subquery, an
 * alias, an enum) goes to drizzle's walk every time, one chunk at a time, with the same parameter
 * counter. The text and the parameters are drizzle's own, character for character: the integration
 * and Playwright suites compare the two walks on every statement (`DATABASE_COMPILE_CHECK`).
 * Drizzle's `typings` are left out (only its AWS Data API driver reads them), and so is its tracing
 * span (a no-op: drizzle's tracer is never given OpenTelemetry).
 */

interface WalkConfig {
  inlineParams: boolean;
  paramStartIndex: { value: number };
  /** the dialect's texts of columns and tables met before */
  names: WeakMap<object, string>;
  invokeSource?: 'indexes';
  // the rest of drizzle's build config, handed on to its own walk
  [key: string]: unknown;
}

type DialectConfig = Parameters<SQL['toQuery']>[0];

/**
 * The text of a column or a table (`"wallets"."id"`, `"wallets"`): fixed for a dialect (its casing),
 * and holding no parameter, so drizzle's walk gives it once and it is kept, for each dialect.
 */
const namesByDialect = new WeakMap<PgDialect, WeakMap<object, string>>();
function namesOf(dialect: PgDialect): WeakMap<object, string> {
  let names = namesByDialect.get(dialect);
  if (!names) namesByDialect.set(dialect, (names = new WeakMap()));
  return names;
}

/** Compiles `root` to its text and parameters, as `dialect.sqlToQuery(root, invokeSource)` does. */
export function compileSql(dialect: PgDialect, root: SQL, invokeSource?: 'indexes' | undefined): Query {
  const config: WalkConfig = {
    casing: (dialect as unknown as { casing: unknown }).casing,
    escapeName: dialect.escapeName,
    escapeParam: dialect.escapeParam,
    escapeString: dialect.escapeString,
    prepareTyping: dialect.prepareTyping,
    invokeSource,
    names: namesOf(dialect),
    inlineParams: inlines(root),
    paramStartIndex: { value: 0 },
  };
  const out: Out = { sql: '', params: [] };
  walk(root, root.queryChunks, config, out);
  return out;
}

type Out = { sql: string; params: unknown[] };

/** `sql.inlineParams()` was called on it: its values go into the text (drizzle's private flag) */
const inlines = (s: SQL) => (s as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

function walk(root: SQL, chunks: unknown[], config: WalkConfig, out: Out): void {
  for (const chunk of chunks) walkChunk(root, chunk, config, out);
}

/**
 * A chunk's class as drizzle names it (`StringChunk`, `SQL`, `Param`): its own `entityKind`, the
 * global symbol drizzle's `is()` reads, undefined for any other class (a subclass names itself or
 * is not ours to walk). Not only the class object: a statement built with one copy of drizzle's
 * modules may reach the compiler imported with another, whose classes are other objects. A Next.js
 * build bundled a copy per chunk group until drizzle-orm became a server external package
 * (next.config.mjs), and every chunk of the payouts' statements went to drizzle's walk that way
 * (docs/performance.md, "The SQL compiler was bypassed in the build").
 */
const kinds = new WeakMap<object, string | undefined>();
function kindOf(type: unknown): string | undefined {
  if (typeof type !== 'function') return undefined;
  let kind = kinds.get(type);
  if (kind === undefined && !kinds.has(type)) {
    kind = Object.prototype.hasOwnProperty.call(type, entityKind) ? String((type as unknown as Record<symbol, unknown>)[entityKind]) : undefined;
    kinds.set(type, kind);
  }
  return kind;
}

function walkChunk(root: SQL, chunk: unknown, config: WalkConfig, out: Out): void {
  if (chunk === undefined) return;
  if (chunk === null || typeof chunk !== 'object') {
    // a plain value: a parameter ($n), or inlined into the text when the SQL says so
    if (config.inlineParams) delegate(root, chunk, config, out);
    else addParam(chunk, config, out);
    return;
  }
  const type = chunk.constructor;
  // this copy's classes at once; another copy's by their entity kind
  const kind = type === StringChunk ? 'StringChunk' : type === SQL ? 'SQL' : type === Param ? 'Param' : kindOf(type);
  if (kind === 'StringChunk') {
    const value = (chunk as StringChunk).value;
    out.sql += value.length === 1 ? value[0] : value.join('');
  } else if (kind === 'SQL') {
    const nested = chunk as SQL;
    walk(root, nested.queryChunks, !config.inlineParams && inlines(nested) ? { ...config, inlineParams: true } : config, out);
  } else if (Array.isArray(chunk)) {
    out.sql += '(';
    for (let i = 0; i < chunk.length; i++) {
      if (i > 0) out.sql += ', ';
      walkChunk(root, chunk[i], config, out);
    }
    out.sql += ')';
  } else if (kind === 'Param') {
    const { value, encoder } = chunk as Param;
    if (config.inlineParams || (value !== null && typeof value === 'object' && is(value, Placeholder))) {
      delegate(root, chunk, config, out);
    } else {
      const mapped: unknown = value === null ? null : encoder.mapToDriverValue(value);
      if (mapped !== null && typeof mapped === 'object' && is(mapped, SQL)) walkChunk(root, mapped, config, out);
      else addParam(mapped, config, out);
    }
  } else if (type === Date && !config.inlineParams) {
    addParam(chunk, config, out);
  } else {
    // a column or a table met before; anything else, drizzle's walk (a column or a table kept for the next time)
    const name = config.invokeSource === undefined ? config.names.get(chunk) : undefined;
    if (name !== undefined) {
      out.sql += name;
    } else {
      const at = out.sql.length;
      delegate(root, chunk, config, out);
      if (config.invokeSource === undefined && (is(chunk, Column) || is(chunk, Table))) config.names.set(chunk, out.sql.slice(at));
    }
  }
}

function addParam(value: unknown, config: WalkConfig, out: Out): void {
  out.sql += `$${++config.paramStartIndex.value}`;
  out.params.push(value);
}

/** One chunk through drizzle's own walk, numbering its parameters after ours. */
function delegate(root: SQL, chunk: unknown, config: WalkConfig, out: Out): void {
  const query = (root as unknown as { buildQueryFromSourceParams(chunks: unknown[], config: DialectConfig & WalkConfig): Query }).buildQueryFromSourceParams(
    [chunk],
    config as DialectConfig & WalkConfig,
  );
  out.sql += query.sql;
  for (const param of query.params) out.params.push(param);
}

/**
 * Puts `compileSql` in the place of `dialect.sqlToQuery` for every statement of `db` (its
 * transactions share its dialect). With `check`, drizzle's own walk runs too and a statement the
 * two compile differently throws: the integration tests run that way (DATABASE_COMPILE_CHECK).
 */
export function installSqlCompiler(db: object, check = false): void {
  const dialect = (db as { dialect: PgDialect }).dialect;
  const drizzleWalk = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = check
    ? (root, invokeSource) => {
        const ours = compileSql(dialect, root, invokeSource);
        const theirs = drizzleWalk(root, invokeSource);
        if (ours.sql !== theirs.sql || !isDeepStrictEqual(ours.params, theirs.params)) {
          // the texts and where the parameters part, never their values (a password hash, a token)
          const count = Math.max(ours.params.length, theirs.params.length);
          let at = 0;
          while (at < count && isDeepStrictEqual(ours.params[at], theirs.params[at])) at++;
          throw new Error(
            `compileSql differs from drizzle's walk:\nours:   ${ours.sql}\ntheirs: ${theirs.sql}\nparameters: ${ours.params.length} against ${theirs.params.length}${at === count ? '' : `, first different: $${at + 1}`}`,
          );
        }
        return ours;
      }
    : (root, invokeSource) => compileSql(dialect, root, invokeSource);
}
