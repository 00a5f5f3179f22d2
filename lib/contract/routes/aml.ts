import {
  listNameTaken,
  AML_LIST_MAX_BODY_BYTES,
  AML_LIST_MAX_BYTES,
  amlAlertDetailSchema,
  amlAlertIdParamsSchema,
  amlAlertPageSchema,
  amlBacktestSchema,
  amlEntryPageSchema,
  amlListCollectionSchema,
  amlListDetailSchema,
  amlListIdParamsSchema,
  amlListSchema,
  amlListVersionDetailSchema,
  amlListVersionParamsSchema,
  amlListVersionSchema,
  amlRuleCollectionSchema,
  amlRuleDetailSchema,
  amlRuleIdParamsSchema,
  amlRuleSchema,
  amlScreeningPageSchema,
  amlScreeningRunSchema,
  amlSearchBodySchema,
  amlSearchResultSchema,
  amlSettingsSchema,
  assignAmlAlertBodySchema,
  backtestAmlRuleBodySchema,
  createAmlListBodySchema,
  createAmlRuleBodySchema,
  decideAmlAlertBodySchema,
  exportAmlAlertsQuerySchema,
  importAmlListBodySchema,
  listAmlAlertsQuerySchema,
  listAmlEntriesQuerySchema,
  listAmlScreeningsQuerySchema,
  screenCustomerBodySchema,
  updateAmlListBodySchema,
  updateAmlRuleBodySchema,
  updateAmlSettingsBodySchema,
} from '../aml';
import { alertAssignedToOther, alertStateConflict, decisionNotAllowed, forbidden, listFileInvalid, notFound, payloadTooLarge, secondOfficerRequired, validationFailed } from '../api-errors';
import { EXAMPLE_ID } from './shared';
import { defineRoute } from './types';

// ------------------------------------------------------------------------------------- AML (docs/aml.md)
const aml = { tags: ['AML'], auth: 'bearer' } as const;
const platform = { tags: ['AML'], auth: 'platformKey' } as const;

const importErrors = [
  listFileInvalid('sdn.csv', 3, 'SDN_Type', 'must be individual, vessel, aircraft or -0-'),
  payloadTooLarge(AML_LIST_MAX_BYTES),
  validationFailed([{ field: 'main.content', message: 'must be base64' }]),
  notFound('list'),
];
const importDescription = `The files base64-encoded in JSON (together at most ${AML_LIST_MAX_BYTES / 1024 / 1024} MiB decoded; larger: 413). The whole upload is parsed first: a malformed file is refused whole with 422 naming the file, line and field, and the version in force stays in force. A new version records its difference to the previous one (added, changed, removed entries), and ongoing monitoring re-screens the tenants' subjects against what it added or changed.`;

// lists (a tenant: the platform's lists read-only, its own to manage)
const listLists = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/lists',
  allow: 'aml:read',
  summary: "The lists screened for the tenant: the platform operator's and its own, with the version in force",
  response: amlListCollectionSchema,
});

const createList = defineRoute({
  ...aml,
  method: 'POST',
  path: '/api/v2.1/aml/lists',
  allow: 'aml:configure',
  idempotency: true,
  summary: "Create one of the tenant's own lists (an internal blocklist, a licensed PEP list)",
  message: 'list created',
  body: createAmlListBodySchema,
  response: amlListSchema,
  errors: [listNameTaken()],
});

const getList = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/lists/{listId}',
  allow: 'aml:read',
  summary: 'One list with every version imported',
  params: amlListIdParamsSchema,
  response: amlListDetailSchema,
  errors: [notFound('list')],
});

const updateList = defineRoute({
  ...aml,
  method: 'PATCH',
  path: '/api/v2.1/aml/lists/{listId}',
  allow: 'aml:configure',
  summary: "Rename, switch on or off, or schedule one of the tenant's own lists",
  message: 'list updated',
  params: amlListIdParamsSchema,
  body: updateAmlListBodySchema,
  response: amlListSchema,
  errors: [notFound('list'), forbidden('platform lists are managed by the platform operator; a tenant imports into its own lists'), listNameTaken()],
});

const importList = defineRoute({
  ...aml,
  method: 'POST',
  path: '/api/v2.1/aml/lists/{listId}/versions',
  allow: 'aml:configure',
  summary: "Import a new version of one of the tenant's own lists from uploaded files",
  message: 'list imported',
  description: importDescription,
  maxBodyBytes: AML_LIST_MAX_BODY_BYTES,
  params: amlListIdParamsSchema,
  body: importAmlListBodySchema,
  response: amlListVersionSchema,
  errors: [...importErrors, forbidden('platform lists are managed by the platform operator; a tenant imports into its own lists')],
});

const getListVersion = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/lists/{listId}/versions/{versionId}',
  allow: 'aml:read',
  summary: 'One version of a list with its difference to the version before',
  params: amlListVersionParamsSchema,
  response: amlListVersionDetailSchema,
  errors: [notFound('list version')],
});

const listEntries = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/lists/{listId}/entries',
  allow: 'aml:read',
  summary: 'The entries of a list in force (search by name, alias or entry id; paged)',
  params: amlListIdParamsSchema,
  query: listAmlEntriesQuerySchema,
  response: amlEntryPageSchema,
  errors: [notFound('list')],
});

// the platform operator's lists (screened for every tenant)
const platformListLists = defineRoute({ ...platform, method: 'GET', path: '/api/v2.1/platform/aml/lists', summary: "The platform operator's lists", response: amlListCollectionSchema });

const platformCreateList = defineRoute({
  ...platform,
  method: 'POST',
  path: '/api/v2.1/platform/aml/lists',
  idempotency: true,
  summary: 'Create a platform list (screened for every tenant)',
  message: 'list created',
  body: createAmlListBodySchema,
  response: amlListSchema,
  errors: [listNameTaken()],
});

const platformUpdateList = defineRoute({
  ...platform,
  method: 'PATCH',
  path: '/api/v2.1/platform/aml/lists/{listId}',
  summary: 'Rename, switch on or off, or schedule a platform list',
  message: 'list updated',
  params: amlListIdParamsSchema,
  body: updateAmlListBodySchema,
  response: amlListSchema,
  errors: [notFound('list'), listNameTaken()],
});

const platformImportList = defineRoute({
  ...platform,
  method: 'POST',
  path: '/api/v2.1/platform/aml/lists/{listId}/versions',
  summary: 'Import a new version of a platform list from uploaded files',
  message: 'list imported',
  description: importDescription,
  maxBodyBytes: AML_LIST_MAX_BODY_BYTES,
  params: amlListIdParamsSchema,
  body: importAmlListBodySchema,
  response: amlListVersionSchema,
  errors: importErrors,
});

// screening
const search = defineRoute({
  ...aml,
  method: 'POST',
  path: '/api/v2.1/aml/search',
  allow: 'aml:read',
  summary: "Ad hoc search: a name (with birth date, countries, type) against every list in force, ranked hits with each field's part in the score",
  description: "Records nothing and raises no alert. `threshold` defaults to the tenant's match threshold.",
  body: amlSearchBodySchema,
  response: amlSearchResultSchema,
});

const screenCustomer = defineRoute({
  ...aml,
  method: 'POST',
  path: '/api/v2.1/aml/screenings',
  allow: 'aml:screen',
  summary: 'Screen a customer now: the customer, its representatives and owners, its active beneficiaries',
  message: 'customer screened',
  description: "Each subject's screening is recorded; a hit at or above the match threshold raises an alert unless the same subject already had one for the same list entry content.",
  body: screenCustomerBodySchema,
  response: amlScreeningRunSchema,
  errors: [notFound('customer')],
});

const listScreenings = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/screenings',
  allow: 'aml:read',
  summary: 'Screenings, newest first (filter by customer)',
  query: listAmlScreeningsQuerySchema,
  response: amlScreeningPageSchema,
});

// alerts
const listAlerts = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/alerts',
  allow: 'aml:read',
  summary: 'The alert queue: screening hits and transaction monitoring (filter by kind, status, assignee, customer, age; sort; paged)',
  query: listAmlAlertsQuerySchema,
  response: amlAlertPageSchema,
});

const exportAlerts = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/alerts/export',
  allow: 'aml:read',
  summary: 'The filtered queue as CSV (UTF-8 with a byte order mark)',
  envelope: 'none',
  responseContentType: 'text/csv',
  query: exportAmlAlertsQuerySchema,
  description: "At most 10,000 rows; a cell starting with = + - @ is prefixed with '.",
});

const getAlert = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/alerts/{alertId}',
  allow: 'aml:read',
  summary:
    "One alert: the subject and the list entry side by side with the matching explanation, or the transfer and the customer's recent activity; the timeline; what the caller may decide",
  params: amlAlertIdParamsSchema,
  response: amlAlertDetailSchema,
  errors: [notFound('alert')],
});

const assignAlert = defineRoute({
  ...aml,
  method: 'POST',
  path: '/api/v2.1/aml/alerts/{alertId}/assign',
  allow: 'aml:read',
  summary: 'Claim an alert (your own id), assign it to another officer (administrators), or release it (null)',
  message: 'alert assigned',
  params: amlAlertIdParamsSchema,
  body: assignAmlAlertBodySchema,
  response: amlAlertDetailSchema,
  errors: [
    notFound('alert'),
    alertAssignedToOther(EXAMPLE_ID, EXAMPLE_ID, 'Olga Officer'),
    alertStateConflict(EXAMPLE_ID, 'CLOSED', 'the alert is CLOSED; it can no longer be assigned'),
    validationFailed([{ field: 'assigneeUserId', message: 'must be a compliance officer of the tenant' }]),
  ],
});

const decideAlert = defineRoute({
  ...aml,
  method: 'POST',
  path: '/api/v2.1/aml/alerts/{alertId}/decisions',
  allow: 'aml:decide',
  summary: 'Decide an alert with a reason code and a comment (four-eyes for a release, a refusal and a clearing)',
  message: 'alert decided',
  description:
    "FALSE_POSITIVE, CONFIRMED_MATCH, ESCALATE or CLOSE take effect at once; a confirmed screening match freezes the customer's wallets and cards, or blocks payouts to a matched beneficiary. RELEASE_TRANSFER, REFUSE_TRANSFER (a held transfer) and CLEAR_MATCH (lift a confirmed match) are proposed by one officer and take effect when a second, different officer sends the same decision; DECLINE_PROPOSAL sends the alert back. The reason codes each decision takes are listed in the alert's allowedDecisions.",
  params: amlAlertIdParamsSchema,
  body: decideAmlAlertBodySchema,
  response: amlAlertDetailSchema,
  errors: [
    notFound('alert'),
    secondOfficerRequired(EXAMPLE_ID, EXAMPLE_ID, 'RELEASE_TRANSFER'),
    alertAssignedToOther(EXAMPLE_ID, EXAMPLE_ID, 'Olga Officer'),
    alertStateConflict(EXAMPLE_ID, 'FALSE_POSITIVE', 'the alert is already decided (FALSE_POSITIVE)'),
    decisionNotAllowed(EXAMPLE_ID, 'RELEASE_TRANSFER', ['FALSE_POSITIVE', 'CONFIRMED_MATCH', 'ESCALATE', 'CLOSE']),
    validationFailed([{ field: 'reasonCode', message: 'FALSE_POSITIVE takes one of NAME_ONLY_SIMILARITY, DIFFERENT_BIRTH_DATE' }]),
  ],
});

// transaction-monitoring rules
const listRules = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/rules',
  allow: 'aml:read',
  summary: "The tenant's transaction-monitoring rules, and each rule type's default parameters",
  response: amlRuleCollectionSchema,
});

const createRule = defineRoute({
  ...aml,
  method: 'POST',
  path: '/api/v2.1/aml/rules',
  allow: 'aml:configure',
  idempotency: true,
  summary: 'Create a rule (type, thresholds, ALERT or HOLD, on or off)',
  message: 'rule created',
  body: createAmlRuleBodySchema,
  response: amlRuleSchema,
  errors: [validationFailed([{ field: 'params.minAmount', message: 'must be a positive amount with at most 4 decimals' }])],
});

const getRule = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/rules/{ruleId}',
  allow: 'aml:read',
  summary: 'One rule with every version and who made it',
  params: amlRuleIdParamsSchema,
  response: amlRuleDetailSchema,
  errors: [notFound('rule')],
});

const updateRule = defineRoute({
  ...aml,
  method: 'PATCH',
  path: '/api/v2.1/aml/rules/{ruleId}',
  allow: 'aml:configure',
  summary: 'Change a rule: a new version (name, on or off, action, parameters)',
  message: 'rule updated',
  params: amlRuleIdParamsSchema,
  body: updateAmlRuleBodySchema,
  response: amlRuleSchema,
  errors: [notFound('rule')],
});

const backtestRule = defineRoute({
  ...aml,
  method: 'POST',
  path: '/api/v2.1/aml/rules/{ruleId}/backtest',
  allow: 'aml:read',
  summary: 'What the rule would have caught among past transfers (nothing is raised)',
  message: 'back-test done',
  params: amlRuleIdParamsSchema,
  body: backtestAmlRuleBodySchema,
  response: amlBacktestSchema,
  errors: [notFound('rule'), validationFailed([{ field: 'from', message: 'must be before to' }])],
});

// settings
const getSettings = defineRoute({
  ...aml,
  method: 'GET',
  path: '/api/v2.1/aml/settings',
  allow: 'aml:read',
  summary: "The tenant's screening settings (the match threshold)",
  response: amlSettingsSchema,
});

const updateSettings = defineRoute({
  ...aml,
  method: 'PUT',
  path: '/api/v2.1/aml/settings',
  allow: 'aml:configure',
  summary: 'Set the match threshold (0.5 to 1)',
  message: 'AML settings updated',
  body: updateAmlSettingsBodySchema,
  response: amlSettingsSchema,
});

export const amlRoutes = {
  listLists,
  createList,
  getList,
  updateList,
  importList,
  getListVersion,
  listEntries,
  platformListLists,
  platformCreateList,
  platformUpdateList,
  platformImportList,
  search,
  screenCustomer,
  listScreenings,
  listAlerts,
  exportAlerts,
  getAlert,
  assignAlert,
  decideAlert,
  listRules,
  createRule,
  getRule,
  updateRule,
  backtestRule,
  getSettings,
  updateSettings,
};
