import { z } from 'zod';

/**
 * Reference data (docs/reference-data.md): the code lists a form or a client needs to offer a choice
 * instead of a free text, one API for all of them. Countries and currencies come from maintained
 * packages (i18n-iso-countries, currency-codes), the rest from the contract's own tables; the
 * service (lib/services/reference-data) builds them once per process, with a strong ETag per kind.
 * Values stay the codes the API takes: a country is its ISO 3166-1 alpha-2 code, a currency its ISO
 * 4217 code.
 */

export const REFERENCE_DATA_KINDS = ['countries', 'currencies', 'documentTypes', 'reasonCodes', 'eventTypes'] as const;
export type ReferenceDataKind = (typeof REFERENCE_DATA_KINDS)[number];
export const referenceDataKindSchema = z.enum(REFERENCE_DATA_KINDS, { error: `must be one of ${REFERENCE_DATA_KINDS.join(', ')}` });

export const countryInfoSchema = z.object({
  code: z.string().describe('ISO 3166-1 alpha-2 code'),
  alpha3: z.string().describe('ISO 3166-1 alpha-3 code'),
  numeric: z.string().describe('ISO 3166-1 numeric code, three digits'),
  name: z.string().describe('English short name'),
});
export type Country = z.infer<typeof countryInfoSchema>;

export const currencyInfoSchema = z.object({
  code: z.string().describe('ISO 4217 alphabetic code'),
  numeric: z.string().describe('ISO 4217 numeric code, three digits'),
  name: z.string().describe('English name'),
  minorUnits: z.number().int().nullable().describe('digits after the decimal point; null where ISO 4217 says N.A. (precious metals, units of account, testing)'),
  supported: z.boolean().describe('wallets and cards of this platform may hold it (lib/contract/money.ts CURRENCIES)'),
});
export type CurrencyInfo = z.infer<typeof currencyInfoSchema>;

export const documentTypeInfoSchema = z.object({
  code: z.string(),
  label: z.string(),
  identity: z.boolean().describe('proves a person’s identity (satisfies an identity requirement)'),
});

export const reasonCodeInfoSchema = z.object({
  code: z.string(),
  label: z.string(),
  domain: z.enum(['REVIEW', 'DOCUMENT', 'AML']).describe('REVIEW: a case decision; DOCUMENT: a document decision; AML: an AML alert decision'),
  decisions: z.array(z.string()).describe('the decisions of its domain that accept this code'),
});

export const eventTypeInfoSchema = z.object({ type: z.string(), description: z.string() });

/** The items of each kind. */
export const REFERENCE_ITEM_SCHEMAS = {
  countries: countryInfoSchema,
  currencies: currencyInfoSchema,
  documentTypes: documentTypeInfoSchema,
  reasonCodes: reasonCodeInfoSchema,
  eventTypes: eventTypeInfoSchema,
} as const satisfies Record<ReferenceDataKind, z.ZodType>;

export type ReferenceItem<K extends ReferenceDataKind> = z.infer<(typeof REFERENCE_ITEM_SCHEMAS)[K]>;

const versionSchema = z.string().describe('the strong ETag of this content, as sent in the ETag header (quotes included)');

// GET /api/v2.1/reference-data
export const referenceDataSchema = z.object({
  version: versionSchema,
  countries: z.array(countryInfoSchema),
  currencies: z.array(currencyInfoSchema),
  documentTypes: z.array(documentTypeInfoSchema),
  reasonCodes: z.array(reasonCodeInfoSchema),
  eventTypes: z.array(eventTypeInfoSchema),
});
export type ReferenceData = z.infer<typeof referenceDataSchema>;

// GET /api/v2.1/reference-data/{kind}
const kindAnswer = <K extends ReferenceDataKind>(kind: K) => z.object({ kind: z.literal(kind), version: versionSchema, items: z.array(REFERENCE_ITEM_SCHEMAS[kind]) });
export const referenceDataKindAnswerSchema = z.discriminatedUnion('kind', [
  kindAnswer('countries'),
  kindAnswer('currencies'),
  kindAnswer('documentTypes'),
  kindAnswer('reasonCodes'),
  kindAnswer('eventTypes'),
]);
export type ReferenceDataKindAnswer<K extends ReferenceDataKind = ReferenceDataKind> = { kind: K; version: string; items: ReferenceItem<K>[] };

export const referenceDataKindParamsSchema = z.object({ kind: referenceDataKindSchema.describe('which list') });

/** The versions of every list and of the whole (the preload's `referenceData`): a client refetches only a list whose version changed. */
export const referenceDataVersionsSchema = z.object({
  version: versionSchema.describe('of GET /reference-data (every list)'),
  kinds: z.object(Object.fromEntries(REFERENCE_DATA_KINDS.map((k) => [k, versionSchema])) as Record<ReferenceDataKind, typeof versionSchema>),
});
export type ReferenceDataVersions = z.infer<typeof referenceDataVersionsSchema>;

/** Reference data is the same for every tenant and changes only with a deployment: a browser or a shared cache keeps it 5 minutes, then revalidates. */
export const REFERENCE_DATA_CACHE_CONTROL = 'public, max-age=300';
