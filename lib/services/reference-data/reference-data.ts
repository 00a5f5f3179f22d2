import { createHash } from 'node:crypto';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import { data as currencyRecords } from 'currency-codes';
import { AML_DECISION_REASONS, AML_REASON_CODES, AML_REASON_LABELS } from '@/lib/contract/aml';
import { EVENT_DESCRIPTIONS, EVENT_TYPES } from '@/lib/contract/events';
import { CURRENCIES } from '@/lib/contract/money';
import { DOCUMENT_TYPES } from '@/lib/contract/onboarding';
import { REFERENCE_DATA_KINDS, type ReferenceData, type ReferenceDataKind, type ReferenceDataVersions, type ReferenceItem } from '@/lib/contract/reference-data';
import { DECISION_RULES, DOCUMENT_DECISION_RULES, DOCUMENT_REQUIREMENTS, DOCUMENT_TYPE_LABELS, REASON_CODES, REASON_CODE_LABELS } from '@/lib/contract/review';

/**
 * The reference data (docs/reference-data.md), built once per process: it changes only with a
 * deployment (a new package version, a new contract table), so each list, its JSON and its strong
 * ETag (SHA-256 of the JSON) are computed on first use and kept. Two instances of the same build
 * compute the same ETags, so a client's If-None-Match holds across instances.
 */

countries.registerLocale(en);

/**
 * Where ISO 4217 says the minor unit is "N.A." (precious metals, bond market units, the SDR and
 * ADB units of account, the Sucre, the testing and "no currency" codes), currency-codes writes 0;
 * these codes have no minor unit at all. (Read from the package's own copy of ISO's list one,
 * iso-4217-list-one.xml, entries with CcyMnrUnts N.A.)
 */
const NO_MINOR_UNIT = new Set(['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX']);

const byLabel = new Intl.Collator('en', { sensitivity: 'base' });

function buildCountries(): ReferenceItem<'countries'>[] {
  const alpha3 = countries.getAlpha2Codes();
  return Object.keys(alpha3)
    .map((code) => ({ code, alpha3: alpha3[code]!, numeric: countries.alpha2ToNumeric(code) ?? '', name: countries.getName(code, 'en', { select: 'official' }) ?? code }))
    .sort((a, b) => byLabel.compare(a.name, b.name));
}

function buildCurrencies(): ReferenceItem<'currencies'>[] {
  const supported = new Set<string>(CURRENCIES);
  return currencyRecords
    .map((c) => ({ code: c.code, numeric: c.number, name: c.currency, minorUnits: NO_MINOR_UNIT.has(c.code) ? null : c.digits, supported: supported.has(c.code) }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

function buildDocumentTypes(): ReferenceItem<'documentTypes'>[] {
  const identity = new Set<string>(DOCUMENT_REQUIREMENTS.IDENTITY.documentTypes);
  return DOCUMENT_TYPES.map((code) => ({ code, label: DOCUMENT_TYPE_LABELS[code], identity: identity.has(code) }));
}

function buildReasonCodes(): ReferenceItem<'reasonCodes'>[] {
  const decisionsOf = (rules: Record<string, { reasonCodes: readonly string[] }>, code: string) => Object.keys(rules).filter((d) => rules[d]!.reasonCodes.includes(code));
  const amlRules = Object.fromEntries(Object.entries(AML_DECISION_REASONS).map(([d, codes]) => [d, { reasonCodes: codes }]));
  return [
    ...REASON_CODES.map((code) => ({ code, label: REASON_CODE_LABELS[code], domain: 'REVIEW' as const, decisions: decisionsOf(DECISION_RULES, code) })).filter((r) => r.decisions.length),
    ...REASON_CODES.map((code) => ({ code, label: REASON_CODE_LABELS[code], domain: 'DOCUMENT' as const, decisions: decisionsOf(DOCUMENT_DECISION_RULES, code) })).filter(
      (r) => r.decisions.length,
    ),
    ...AML_REASON_CODES.map((code) => ({ code, label: AML_REASON_LABELS[code], domain: 'AML' as const, decisions: decisionsOf(amlRules, code) })),
  ];
}

function buildEventTypes(): ReferenceItem<'eventTypes'>[] {
  return EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] }));
}

const BUILDERS: { [K in ReferenceDataKind]: () => ReferenceItem<K>[] } = {
  countries: buildCountries,
  currencies: buildCurrencies,
  documentTypes: buildDocumentTypes,
  reasonCodes: buildReasonCodes,
  eventTypes: buildEventTypes,
};

/** A strong validator of a text: the first 27 characters of its SHA-256 in base64url (162 bits), quoted. */
export function strongEtag(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

/** Content served as is: the Envelope A text, its ETag, and the data. */
export interface Served<T> {
  etag: string;
  /** the whole Envelope A body, serialized once */
  body: string;
  data: T;
}

const envelopeText = (dataJson: string) => `{"code":200,"message":"OK","data":${dataJson}}`;

let lists: { [K in ReferenceDataKind]: ReferenceItem<K>[] } | undefined;
const perKind = new Map<ReferenceDataKind, Served<{ kind: ReferenceDataKind; version: string; items: unknown[] }>>();
let whole: Served<ReferenceData> | undefined;

function allLists() {
  lists ??= Object.fromEntries(REFERENCE_DATA_KINDS.map((k) => [k, BUILDERS[k]()])) as { [K in ReferenceDataKind]: ReferenceItem<K>[] };
  return lists;
}

/** One list, with the ETag of its items (the version the preload names). */
export function referenceDataKind<K extends ReferenceDataKind>(kind: K): Served<{ kind: K; version: string; items: ReferenceItem<K>[] }> {
  let served = perKind.get(kind);
  if (!served) {
    const items = allLists()[kind];
    const version = strongEtag(JSON.stringify(items));
    const data = { kind, version, items };
    served = { etag: version, body: envelopeText(JSON.stringify(data)), data };
    perKind.set(kind, served);
  }
  return served as Served<{ kind: K; version: string; items: ReferenceItem<K>[] }>;
}

/** Every list in one document. */
export function referenceData(): Served<ReferenceData> {
  if (!whole) {
    const all = allLists();
    const version = strongEtag(JSON.stringify(all));
    const data = { version, ...all } as ReferenceData;
    whole = { etag: version, body: envelopeText(JSON.stringify(data)), data };
  }
  return whole;
}

/** The versions of the whole and of each list. */
export function referenceDataVersions(): ReferenceDataVersions {
  return {
    version: referenceData().etag,
    kinds: Object.fromEntries(REFERENCE_DATA_KINDS.map((k) => [k, referenceDataKind(k).etag])) as ReferenceDataVersions['kinds'],
  };
}
