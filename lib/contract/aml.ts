import { z } from 'zod';
import { conflict } from './api-errors';
import { AML_ENTITY_TYPES, AML_LIST_FORMATS } from './aml-model';
import { isoDateTimeSchema, uuidSchema } from './common';
import { paged, pageQuerySchema } from './wallets';

/**
 * AML (docs/aml.md): lists and their versions, screening, alerts and their decisions, transaction-
 * monitoring rules, settings. One schema per resource and use; labels in words for the screens.
 */

// ------------------------------------------------------------------------------------------------
// Enumerations and their labels
// ------------------------------------------------------------------------------------------------

export const AML_LIST_KINDS = ['SANCTIONS', 'PEP', 'INTERNAL'] as const;
export const amlListKindSchema = z.enum(AML_LIST_KINDS).describe('SANCTIONS, PEP (politically exposed persons) or INTERNAL (a blocklist of the tenant)');
export const AML_LIST_KIND_LABELS: Record<(typeof AML_LIST_KINDS)[number], string> = { SANCTIONS: 'Sanctions list', PEP: 'Politically exposed persons', INTERNAL: 'Internal blocklist' };

export const amlListFormatSchema = z.enum(AML_LIST_FORMATS).describe('OFAC_SDN_CSV (sdn.csv, alt.csv, add.csv), EU_CSV, UN_XML or OWN_CSV (docs/aml.md)');
export const AML_LIST_FORMAT_LABELS: Record<(typeof AML_LIST_FORMATS)[number], string> = {
  OFAC_SDN_CSV: 'OFAC SDN (legacy CSV: sdn.csv, alt.csv, add.csv)',
  EU_CSV: 'EU consolidated financial sanctions (CSV)',
  UN_XML: 'UN Security Council consolidated list (XML)',
  OWN_CSV: 'Our own CSV (id, name, aliases, type, birth_date, countries, program, remarks)',
};
export const amlEntityTypeSchema = z.enum(AML_ENTITY_TYPES);
export const AML_ENTITY_TYPE_LABELS: Record<(typeof AML_ENTITY_TYPES)[number], string> = { PERSON: 'Person', ORGANIZATION: 'Organization', VESSEL: 'Vessel', AIRCRAFT: 'Aircraft' };

export const AML_SUBJECT_TYPES = ['CUSTOMER', 'REPRESENTATIVE', 'BENEFICIARY'] as const;
export const amlSubjectTypeSchema = z.enum(AML_SUBJECT_TYPES);
export const AML_SUBJECT_TYPE_LABELS: Record<(typeof AML_SUBJECT_TYPES)[number], string> = { CUSTOMER: 'Customer', REPRESENTATIVE: 'Representative or owner', BENEFICIARY: 'Beneficiary' };

export const AML_SCREENING_TRIGGERS = ['REGISTRATION', 'BENEFICIARY_CREATED', 'ON_DEMAND', 'LIST_UPDATE'] as const;
export const amlScreeningTriggerSchema = z.enum(AML_SCREENING_TRIGGERS);
export const AML_SCREENING_TRIGGER_LABELS: Record<(typeof AML_SCREENING_TRIGGERS)[number], string> = {
  REGISTRATION: 'At registration',
  BENEFICIARY_CREATED: 'Beneficiary created',
  ON_DEMAND: 'On demand',
  LIST_UPDATE: 'New list version',
};

export const AML_ALERT_KINDS = ['SCREENING', 'TRANSACTION'] as const;
export const amlAlertKindSchema = z.enum(AML_ALERT_KINDS);
export const AML_ALERT_KIND_LABELS: Record<(typeof AML_ALERT_KINDS)[number], string> = { SCREENING: 'Screening hit', TRANSACTION: 'Transaction monitoring' };

export const AML_ALERT_STATUSES = ['OPEN', 'IN_REVIEW', 'ESCALATED', 'PENDING_SECOND_APPROVAL', 'CONFIRMED', 'FALSE_POSITIVE', 'CLEARED', 'RELEASED', 'REFUSED', 'CLOSED'] as const;
export type AmlAlertStatus = (typeof AML_ALERT_STATUSES)[number];
export const amlAlertStatusSchema = z.enum(AML_ALERT_STATUSES);
export const AML_ALERT_STATUS_LABELS: Record<AmlAlertStatus, string> = {
  OPEN: 'Open',
  IN_REVIEW: 'In review',
  ESCALATED: 'Escalated',
  PENDING_SECOND_APPROVAL: 'Waiting for a second officer',
  CONFIRMED: 'Confirmed match',
  FALSE_POSITIVE: 'False positive',
  CLEARED: 'Cleared',
  RELEASED: 'Transfer released',
  REFUSED: 'Transfer refused',
  CLOSED: 'Closed',
};
/** Statuses that still need an officer: an open screening alert blocks the approval of the customer's case. */
export const AML_OPEN_ALERT_STATUSES = ['OPEN', 'IN_REVIEW', 'ESCALATED', 'PENDING_SECOND_APPROVAL', 'CONFIRMED'] as const satisfies readonly AmlAlertStatus[];

/**
 * What an officer decides. RELEASE_TRANSFER, REFUSE_TRANSFER and CLEAR_MATCH need a second, different
 * officer: the first proposes, the second confirms (DECLINE_PROPOSAL sends the alert back).
 */
export const AML_DECISIONS = ['FALSE_POSITIVE', 'CONFIRMED_MATCH', 'ESCALATE', 'CLOSE', 'CLEAR_MATCH', 'RELEASE_TRANSFER', 'REFUSE_TRANSFER', 'DECLINE_PROPOSAL'] as const;
export type AmlDecision = (typeof AML_DECISIONS)[number];
export const amlDecisionSchema = z.enum(AML_DECISIONS);
export const AML_DECISION_LABELS: Record<AmlDecision, string> = {
  FALSE_POSITIVE: 'False positive',
  CONFIRMED_MATCH: 'Confirmed match',
  ESCALATE: 'Escalate',
  CLOSE: 'Close',
  CLEAR_MATCH: 'Clear the confirmed match',
  RELEASE_TRANSFER: 'Release the transfer',
  REFUSE_TRANSFER: 'Refuse the transfer',
  DECLINE_PROPOSAL: 'Decline the proposal',
};
export const AML_FOUR_EYES_DECISIONS = ['CLEAR_MATCH', 'RELEASE_TRANSFER', 'REFUSE_TRANSFER'] as const satisfies readonly AmlDecision[];

export const AML_REASON_CODES = [
  'NAME_ONLY_SIMILARITY',
  'DIFFERENT_BIRTH_DATE',
  'DIFFERENT_NATIONALITY',
  'DIFFERENT_ENTITY_TYPE',
  'IDENTITY_CONFIRMED',
  'NEEDS_SENIOR_REVIEW',
  'ACTIVITY_EXPLAINED',
  'EXPECTED_BEHAVIOUR',
  'SUSPICIOUS_ACTIVITY',
  'SOURCE_OF_FUNDS_UNCLEAR',
  'ENTRY_REMOVED_FROM_LIST',
  'MATCH_RESOLVED',
  'PROPOSAL_NOT_AGREED',
  'OTHER',
] as const;
export type AmlReasonCode = (typeof AML_REASON_CODES)[number];
export const amlReasonCodeSchema = z.enum(AML_REASON_CODES);
export const AML_REASON_LABELS: Record<AmlReasonCode, string> = {
  NAME_ONLY_SIMILARITY: 'Only the name is similar',
  DIFFERENT_BIRTH_DATE: 'Different date of birth',
  DIFFERENT_NATIONALITY: 'Different nationality or country',
  DIFFERENT_ENTITY_TYPE: 'Not the same kind of party',
  IDENTITY_CONFIRMED: 'Identity confirmed against the list entry',
  NEEDS_SENIOR_REVIEW: 'Needs a senior officer',
  ACTIVITY_EXPLAINED: 'The customer explained the activity',
  EXPECTED_BEHAVIOUR: "Consistent with the customer's expected activity",
  SUSPICIOUS_ACTIVITY: 'Suspicious activity',
  SOURCE_OF_FUNDS_UNCLEAR: 'Source of funds unclear',
  ENTRY_REMOVED_FROM_LIST: 'The entry was removed from the list',
  MATCH_RESOLVED: 'The match was resolved (e.g. licence granted)',
  PROPOSAL_NOT_AGREED: 'I do not agree with the proposal',
  OTHER: 'Other (explained in the comment)',
};
/** The reason codes each decision accepts (the server refuses others; the form offers only these). */
export const AML_DECISION_REASONS: Record<AmlDecision, readonly AmlReasonCode[]> = {
  FALSE_POSITIVE: ['NAME_ONLY_SIMILARITY', 'DIFFERENT_BIRTH_DATE', 'DIFFERENT_NATIONALITY', 'DIFFERENT_ENTITY_TYPE', 'ACTIVITY_EXPLAINED', 'EXPECTED_BEHAVIOUR', 'OTHER'],
  CONFIRMED_MATCH: ['IDENTITY_CONFIRMED', 'SUSPICIOUS_ACTIVITY', 'SOURCE_OF_FUNDS_UNCLEAR', 'OTHER'],
  ESCALATE: ['NEEDS_SENIOR_REVIEW', 'OTHER'],
  CLOSE: ['ACTIVITY_EXPLAINED', 'EXPECTED_BEHAVIOUR', 'OTHER'],
  CLEAR_MATCH: ['ENTRY_REMOVED_FROM_LIST', 'MATCH_RESOLVED', 'OTHER'],
  RELEASE_TRANSFER: ['ACTIVITY_EXPLAINED', 'EXPECTED_BEHAVIOUR', 'OTHER'],
  REFUSE_TRANSFER: ['SUSPICIOUS_ACTIVITY', 'SOURCE_OF_FUNDS_UNCLEAR', 'OTHER'],
  DECLINE_PROPOSAL: ['PROPOSAL_NOT_AGREED', 'OTHER'],
};

export const AML_RULE_TYPES = ['LARGE_TRANSFER', 'VELOCITY', 'STRUCTURING', 'NEW_BENEFICIARY', 'HIGH_RISK_COUNTRY', 'RAPID_OUT'] as const;
export type AmlRuleType = (typeof AML_RULE_TYPES)[number];
export const amlRuleTypeSchema = z.enum(AML_RULE_TYPES);
export const AML_RULE_TYPE_LABELS: Record<AmlRuleType, string> = {
  LARGE_TRANSFER: 'Large single transfer',
  VELOCITY: 'Velocity (count and amount in a window)',
  STRUCTURING: 'Structuring (several transfers just below a threshold)',
  NEW_BENEFICIARY: 'Large payment to a new beneficiary',
  HIGH_RISK_COUNTRY: 'Payout to a high-risk country',
  RAPID_OUT: 'Funds out within minutes of funding',
};
export const AML_RULE_ACTIONS = ['ALERT', 'HOLD'] as const;
export const amlRuleActionSchema = z
  .enum(AML_RULE_ACTIONS)
  .describe('ALERT: the transfer goes through and an alert is raised; HOLD: the transfer is held for AML review, nothing posted until a release');
export const AML_RULE_ACTION_LABELS: Record<(typeof AML_RULE_ACTIONS)[number], string> = { ALERT: 'Raise an alert', HOLD: 'Hold the transfer for review' };

// ------------------------------------------------------------------------------------------------
// Settings
// ------------------------------------------------------------------------------------------------

/** The match threshold new tenants get (the matcher's evaluation: docs/aml.md). */
export const DEFAULT_AML_MATCH_THRESHOLD = '0.870';
const thresholdSchema = z
  .union([z.number(), z.string()])
  .transform((v) => Number(v))
  .refine((v) => Number.isFinite(v) && v >= 0.5 && v <= 1, 'must be a number from 0.5 to 1')
  .transform((v) => v.toFixed(3))
  .describe('a hit scoring at least this much (0.5 to 1) raises an alert');

export const amlSettingsSchema = z.object({
  matchThreshold: z.string().describe('0.500 to 1.000'),
  updatedAt: isoDateTimeSchema.nullable(),
});
export const updateAmlSettingsBodySchema = z.object({ matchThreshold: thresholdSchema });

// ------------------------------------------------------------------------------------------------
// Lists
// ------------------------------------------------------------------------------------------------

/** The largest list upload: the decoded files together (the EU list is the largest public one, about 20 MB). */
export const AML_LIST_MAX_BYTES = 24 * 1024 * 1024;
/** The request body of an import: base64 inflates by a third, plus JSON around it. */
export const AML_LIST_MAX_BODY_BYTES = Math.ceil((AML_LIST_MAX_BYTES * 4) / 3) + 64 * 1024;

export const amlListIdParamsSchema = z.object({ listId: uuidSchema.describe('list id') });
export const amlListVersionParamsSchema = z.object({ listId: uuidSchema.describe('list id'), versionId: uuidSchema.describe('version id') });

export const createAmlListBodySchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters'),
  kind: amlListKindSchema,
  format: amlListFormatSchema,
  sourceUrl: z
    .url({ protocol: /^https?$/, message: 'must be an https:// URL' })
    .max(2000)
    .nullable()
    .optional()
    .describe(
      'fetched by the worker every refreshHours (off unless both are set); https only, except where WEBHOOK_ALLOW_PRIVATE_NETWORKS is on (tests, local trials). OFAC: the URL of sdn.csv; alt.csv and add.csv are read beside it',
    ),
  refreshHours: z.number().int().min(1, 'must be at least 1').max(720, 'must be at most 720').nullable().optional(),
});
export const updateAmlListBodySchema = z.object({
  name: createAmlListBodySchema.shape.name.optional(),
  enabled: z.boolean().optional().describe('a disabled list is not screened against'),
  sourceUrl: createAmlListBodySchema.shape.sourceUrl,
  refreshHours: createAmlListBodySchema.shape.refreshHours,
});

const uploadedFileSchema = z.object({
  fileName: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  content: z.string().min(1, 'must not be empty').describe('the file, base64-encoded'),
});
export const importAmlListBodySchema = z.object({
  main: uploadedFileSchema.describe('sdn.csv, the EU CSV, the UN XML or our own CSV'),
  alt: uploadedFileSchema.optional().describe('OFAC only: alt.csv (aliases)'),
  add: uploadedFileSchema.optional().describe('OFAC only: add.csv (addresses)'),
});
export type ImportAmlListBody = z.infer<typeof importAmlListBodySchema>;

export const amlListVersionSchema = z.object({
  id: uuidSchema,
  listId: uuidSchema,
  versionNo: z.number().int(),
  entryCount: z.number().int(),
  nameCount: z.number().int().describe('entries plus aliases'),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  sha256: z.string(),
  fileNames: z.array(z.string()),
  source: z.enum(['UPLOAD', 'URL']),
  importedBy: uuidSchema.nullable(),
  importedByName: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type AmlListVersion = z.infer<typeof amlListVersionSchema>;

export const amlListSchema = z.object({
  id: uuidSchema,
  scope: z.enum(['PLATFORM', 'TENANT']).describe("PLATFORM: the operator's list, screened for every tenant (read-only for tenants)"),
  name: z.string(),
  kind: amlListKindSchema,
  format: amlListFormatSchema,
  enabled: z.boolean(),
  sourceUrl: z.string().nullable(),
  refreshHours: z.number().int().nullable(),
  nextFetchAt: isoDateTimeSchema.nullable(),
  lastFetchedAt: isoDateTimeSchema.nullable(),
  lastFetchError: z.string().nullable().describe('why the last scheduled fetch imported nothing'),
  currentVersion: amlListVersionSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AmlList = z.infer<typeof amlListSchema>;
export const amlListCollectionSchema = z.object({ items: z.array(amlListSchema) });

export const amlEntrySchema = z.object({
  id: uuidSchema,
  listId: uuidSchema,
  listName: z.string(),
  sourceId: z.string().describe("the entry's id in its list (OFAC ent_num, EU logical id, UN DATAID)"),
  entityType: amlEntityTypeSchema,
  primaryName: z.string(),
  names: z.array(z.object({ name: z.string(), kind: z.enum(['PRIMARY', 'AKA', 'FKA', 'NKA']), weak: z.boolean() })),
  birthDates: z.array(z.object({ fromYear: z.number().int(), toYear: z.number().int(), date: z.string().nullable(), circa: z.boolean() })),
  countries: z.array(z.string()),
  programs: z.array(z.string()),
  remarks: z.string().nullable(),
  details: z.record(z.string(), z.array(z.string())),
  removed: z.boolean().describe('removed from the list by a later version'),
});
export type AmlEntry = z.infer<typeof amlEntrySchema>;

export const amlEntryChangeSchema = z.object({
  change: z.enum(['ADDED', 'CHANGED', 'REMOVED']),
  entryId: uuidSchema,
  sourceId: z.string(),
  primaryName: z.string(),
  entityType: amlEntityTypeSchema,
});
export const amlListVersionDetailSchema = amlListVersionSchema.extend({
  changes: z.array(amlEntryChangeSchema).describe(`the difference to the version before, at most ${500} entries`),
  changesTruncated: z.boolean(),
});
export const amlListDetailSchema = amlListSchema.extend({ versions: z.array(amlListVersionSchema) });

export const listAmlEntriesQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200, 'must be at most 200 characters').optional().describe('part of a name, alias or entry id'),
  includeRemoved: z.enum(['true', 'false']).optional(),
});
export const amlEntryPageSchema = paged(amlEntrySchema);

// ------------------------------------------------------------------------------------------------
// Screening
// ------------------------------------------------------------------------------------------------

const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code');
const birthDateInputSchema = z
  .string()
  .regex(/^\d{4}(-\d{2}-\d{2})?$/, 'must be YYYY or YYYY-MM-DD')
  .describe('date of birth (YYYY-MM-DD) or year of birth (YYYY)');

export const amlSearchBodySchema = z.object({
  name: z.string().trim().min(2, 'must be at least 2 characters').max(200, 'must be at most 200 characters'),
  entityType: z.enum(['PERSON', 'ORGANIZATION']).nullable().optional().describe('omit when unknown: then the type neither filters nor scores'),
  birthDate: birthDateInputSchema.nullable().optional(),
  countries: z.array(countryCodeSchema).max(10, 'at most 10 countries').optional(),
  threshold: thresholdSchema.optional().describe("defaults to the tenant's match threshold"),
  limit: z.number().int().min(1, 'must be at least 1').max(50, 'must be at most 50').optional(),
});
export type AmlSearchBody = z.infer<typeof amlSearchBodySchema>;

export const scoreContributionSchema = z.object({ field: z.enum(['name', 'birthDate', 'country', 'entityType']), effect: z.number(), detail: z.string() });
export const screeningHitSchema = z.object({
  score: z.number().describe('0 to 1'),
  matchedName: z.string(),
  matchedNameKind: z.enum(['PRIMARY', 'AKA', 'FKA', 'NKA']),
  tokens: z.array(z.object({ subject: z.string(), entry: z.string().nullable(), similarity: z.number() })),
  contributions: z.array(scoreContributionSchema),
  entry: amlEntrySchema,
});
export type ScreeningHitView = z.infer<typeof screeningHitSchema>;
export const amlSearchResultSchema = z.object({
  threshold: z.string(),
  hits: z.array(screeningHitSchema),
  listVersions: z.array(z.object({ listId: uuidSchema, listName: z.string(), versionId: uuidSchema, versionNo: z.number().int(), names: z.number().int() })),
});

export const amlScreeningSubjectSchema = z.object({
  name: z.string(),
  entityType: z.enum(['PERSON', 'ORGANIZATION']).nullable(),
  birthDate: z.string().nullable().optional(),
  countries: z.array(z.string()).optional(),
});
export const screenCustomerBodySchema = z.object({ customerId: uuidSchema.describe('screens the customer, its representatives and owners, and its active beneficiaries') });
export const amlScreeningSchema = z.object({
  id: uuidSchema,
  customerId: uuidSchema,
  subjectType: amlSubjectTypeSchema,
  subjectId: uuidSchema,
  subject: amlScreeningSubjectSchema,
  trigger: amlScreeningTriggerSchema,
  hits: z.number().int(),
  topScore: z.string().nullable(),
  alertsCreated: z.number().int(),
  screenedBy: uuidSchema.nullable(),
  screenedByName: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export const amlScreeningRunSchema = z.object({ screenings: z.array(amlScreeningSchema), alertIds: z.array(uuidSchema).describe('alerts raised by this run (hits not raised before)') });
export const listAmlScreeningsQuerySchema = pageQuerySchema.extend({ customerId: uuidSchema.optional() });
export const amlScreeningPageSchema = paged(amlScreeningSchema);

// ------------------------------------------------------------------------------------------------
// Alerts
// ------------------------------------------------------------------------------------------------

export const amlAlertIdParamsSchema = z.object({ alertId: uuidSchema.describe('alert id') });

export const AML_ALERT_SORTS = ['createdAt', '-createdAt', 'score', '-score'] as const;
export const listAmlAlertsQuerySchema = pageQuerySchema.extend({
  kind: amlAlertKindSchema.optional(),
  status: z
    .union([amlAlertStatusSchema, z.literal('ACTIVE')])
    .optional()
    .describe('one status, or ACTIVE: every status that still needs an officer'),
  assignee: z
    .union([uuidSchema, z.enum(['me', 'none'])])
    .optional()
    .describe('a user id, me, or none (unassigned)'),
  customerId: uuidSchema.optional(),
  transferId: uuidSchema.optional().describe('only the alerts raised on this transfer (how a held transfer finds its alert)'),
  olderThanHours: z.coerce
    .number()
    .int()
    .min(0, 'must be at least 0')
    .max(24 * 365, 'must be at most 8760')
    .optional()
    .describe('only alerts raised at least this many hours ago (SLA)'),
  sort: z.enum(AML_ALERT_SORTS).default('-createdAt'),
});
export type ListAmlAlertsQuery = z.infer<typeof listAmlAlertsQuerySchema>;
export const exportAmlAlertsQuerySchema = listAmlAlertsQuerySchema.omit({ page: true, pageSize: true });
export const AML_ALERT_EXPORT_MAX_ROWS = 10_000;

export const ruleFiringSchema = z.object({
  ruleId: uuidSchema,
  ruleVersion: z.number().int(),
  ruleType: amlRuleTypeSchema,
  ruleName: z.string(),
  action: amlRuleActionSchema,
  reason: z.string(),
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});

export const amlAlertSchema = z.object({
  id: uuidSchema,
  kind: amlAlertKindSchema,
  status: amlAlertStatusSchema,
  customerId: uuidSchema,
  customerName: z.string(),
  subjectType: amlSubjectTypeSchema,
  subjectId: uuidSchema,
  subjectName: z.string(),
  score: z.string().nullable(),
  listId: uuidSchema.nullable(),
  listName: z.string().nullable(),
  entryId: uuidSchema.nullable(),
  matchedName: z.string().nullable(),
  transferId: uuidSchema.nullable(),
  holdsTransfer: z.boolean(),
  firings: z.array(ruleFiringSchema),
  assigneeUserId: uuidSchema.nullable(),
  assigneeName: z.string().nullable(),
  pendingDecision: amlDecisionSchema.nullable(),
  pendingBy: uuidSchema.nullable(),
  pendingByName: z.string().nullable(),
  decision: amlDecisionSchema.nullable(),
  decisionReasonCode: amlReasonCodeSchema.nullable(),
  decidedBy: uuidSchema.nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  ageHours: z.number().int().describe('hours since the alert was raised (its SLA age)'),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AmlAlert = z.infer<typeof amlAlertSchema>;
export const amlAlertPageSchema = paged(amlAlertSchema);

export const amlAlertEventSchema = z.object({
  id: uuidSchema,
  action: z.string(),
  actorUserId: uuidSchema.nullable(),
  actorName: z.string().describe('the officer, or "System" for what the platform did'),
  decision: amlDecisionSchema.nullable(),
  reasonCode: amlReasonCodeSchema.nullable(),
  comment: z.string().nullable(),
  fromStatus: amlAlertStatusSchema.nullable(),
  toStatus: amlAlertStatusSchema.nullable(),
  note: z.string().nullable().describe('what the event did, in words: "to Otto Officer", "1 wallet frozen; 0 cards to freeze at the card processor", "the transfer posted"'),
  createdAt: isoDateTimeSchema,
});

const transferLineSchema = z.object({
  id: uuidSchema,
  type: z.enum(['PAYOUT', 'WALLET_TRANSFER']),
  status: z.string(),
  amount: z.string(),
  currency: z.string(),
  counterparty: z.string(),
  walletId: uuidSchema,
  createdAt: isoDateTimeSchema,
});

export const amlAlertDetailSchema = amlAlertSchema.extend({
  subject: amlScreeningSubjectSchema.nullable().describe('the subject as screened (screening alerts)'),
  hit: screeningHitSchema.nullable().describe('the list entry with the matching explanation (screening alerts)'),
  entryChangedSince: z.boolean().describe('the entry was changed or removed by a later version of its list'),
  transfer: transferLineSchema.nullable().describe('the transfer the rules fired on (transaction alerts)'),
  recentTransfers: z.array(transferLineSchema).describe("the customer's transfers of the last 30 days (at most 50)"),
  verificationId: uuidSchema.nullable().describe("the customer's review case"),
  allowedDecisions: z.array(z.object({ decision: amlDecisionSchema, reasonCodes: z.array(amlReasonCodeSchema) })).describe('what the caller may decide now'),
  blockedReason: z.string().nullable().describe('why the caller may decide nothing now, in words'),
  timeline: z.array(amlAlertEventSchema),
});
export type AmlAlertDetail = z.infer<typeof amlAlertDetailSchema>;

export const assignAmlAlertBodySchema = z.object({ assigneeUserId: uuidSchema.nullable().describe('null: unassign; your own id: claim') });
export const decideAmlAlertBodySchema = z.object({
  decision: amlDecisionSchema,
  reasonCode: amlReasonCodeSchema,
  comment: z.string().trim().min(1, 'a comment is required').max(2000, 'must be at most 2000 characters'),
});
export type DecideAmlAlertBody = z.infer<typeof decideAmlAlertBodySchema>;

// ------------------------------------------------------------------------------------------------
// Transaction-monitoring rules
// ------------------------------------------------------------------------------------------------

const amountParam = z
  .union([z.number(), z.string()])
  .transform((v) => String(v))
  .refine((v) => /^\d{1,15}(\.\d{1,4})?$/.test(v) && Number(v) > 0, 'must be a positive amount with at most 4 decimals');
const minutesParam = z
  .number()
  .int()
  .min(1, 'must be at least 1')
  .max(60 * 24 * 31, 'must be at most 44640 (31 days)');
const currencyFilter = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
  .nullable()
  .optional()
  .describe("only transfers in this currency; null: every currency (amounts are compared in the transfer's currency)");

/** Each rule type's parameters, with the defaults a new rule of the type is offered with. */
export const AML_RULE_PARAMS = {
  LARGE_TRANSFER: z.object({ minAmount: amountParam, currency: currencyFilter }),
  VELOCITY: z.object({ windowMinutes: minutesParam, maxCount: z.number().int().min(1, 'must be at least 1').max(10000), maxAmount: amountParam, currency: currencyFilter }),
  STRUCTURING: z.object({
    threshold: amountParam,
    marginPercent: z.number().min(1, 'must be at least 1').max(50, 'must be at most 50'),
    windowMinutes: minutesParam,
    minCount: z.number().int().min(2, 'must be at least 2').max(100),
    currency: currencyFilter,
  }),
  NEW_BENEFICIARY: z.object({
    withinHours: z
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(24 * 90),
    minAmount: amountParam,
    currency: currencyFilter,
  }),
  HIGH_RISK_COUNTRY: z.object({ countries: z.array(countryCodeSchema).min(1, 'name at least one country').max(250) }),
  RAPID_OUT: z.object({ withinMinutes: minutesParam, minPercent: z.number().min(1, 'must be at least 1').max(100, 'must be at most 100'), currency: currencyFilter }),
} as const satisfies Record<AmlRuleType, z.ZodType>;
export type AmlRuleParams = { [K in AmlRuleType]: z.output<(typeof AML_RULE_PARAMS)[K]> };

/** FATF's "black" and "grey" lists as a starting point; each tenant keeps its own list in its rule. */
export const DEFAULT_HIGH_RISK_COUNTRIES = [
  'KP',
  'IR',
  'MM',
  'DZ',
  'AO',
  'BG',
  'BF',
  'CM',
  'CI',
  'CD',
  'HT',
  'KE',
  'LA',
  'LB',
  'MC',
  'MZ',
  'NA',
  'NP',
  'NG',
  'ZA',
  'SS',
  'SY',
  'VE',
  'VN',
  'YE',
];

export const AML_RULE_DEFAULTS: { [K in AmlRuleType]: { name: string; params: z.input<(typeof AML_RULE_PARAMS)[K]> } } = {
  LARGE_TRANSFER: { name: 'Large single transfer', params: { minAmount: '10000', currency: null } },
  VELOCITY: { name: 'Many transfers in a day', params: { windowMinutes: 1440, maxCount: 10, maxAmount: '25000', currency: null } },
  STRUCTURING: { name: 'Transfers just below 10,000', params: { threshold: '10000', marginPercent: 10, windowMinutes: 1440, minCount: 3, currency: null } },
  NEW_BENEFICIARY: { name: 'Large payment to a new beneficiary', params: { withinHours: 24, minAmount: '5000', currency: null } },
  HIGH_RISK_COUNTRY: { name: 'Payout to a high-risk country', params: { countries: DEFAULT_HIGH_RISK_COUNTRIES } },
  RAPID_OUT: { name: 'Funds out right after funding', params: { withinMinutes: 60, minPercent: 80, currency: null } },
};

export const amlRuleIdParamsSchema = z.object({ ruleId: uuidSchema.describe('rule id') });
const ruleNameSchema = z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters');
export const createAmlRuleBodySchema = z.object({
  name: ruleNameSchema,
  ruleType: amlRuleTypeSchema,
  enabled: z.boolean(),
  action: amlRuleActionSchema,
  params: z.record(z.string(), z.unknown()).describe("the rule type's parameters (docs/aml.md); checked against the type"),
});
export const updateAmlRuleBodySchema = z.object({
  name: ruleNameSchema.optional(),
  enabled: z.boolean().optional(),
  action: amlRuleActionSchema.optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export const amlRuleVersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  action: amlRuleActionSchema,
  params: z.record(z.string(), z.unknown()),
  changedBy: uuidSchema.nullable(),
  changedByName: z.string().nullable(),
  changedAt: isoDateTimeSchema,
});
export const amlRuleSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  ruleType: amlRuleTypeSchema,
  enabled: z.boolean(),
  action: amlRuleActionSchema,
  params: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AmlRule = z.infer<typeof amlRuleSchema>;
export const amlRuleDetailSchema = amlRuleSchema.extend({ versions: z.array(amlRuleVersionSchema) });
export const amlRuleCollectionSchema = z.object({ items: z.array(amlRuleSchema), defaults: z.record(z.string(), z.object({ name: z.string(), params: z.record(z.string(), z.unknown()) })) });

export const AML_BACKTEST_MAX_TRANSFERS = 10_000;
export const backtestAmlRuleBodySchema = z.object({
  from: isoDateTimeSchema.optional().describe('default: 30 days ago'),
  to: isoDateTimeSchema.optional().describe('default: now'),
});
export const amlBacktestSchema = z.object({
  ruleId: uuidSchema,
  ruleVersion: z.number().int(),
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  transfersEvaluated: z.number().int().describe(`past transfers of the window, at most ${AML_BACKTEST_MAX_TRANSFERS} (the newest)`),
  truncated: z.boolean(),
  matches: z.number().int(),
  customers: z.number().int().describe('distinct customers the rule would have caught'),
  samples: z.array(transferLineSchema.extend({ customerId: uuidSchema, reason: z.string() })).describe('the newest matches, at most 50'),
});

/** 409: a list's name, new or changed, that another list of the same owner (a tenant, or the platform) has. */
export const listNameTaken = () => conflict('a list with this name already exists', { field: 'name' });
