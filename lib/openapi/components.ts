import { z } from 'zod';
import { consentTemplateSummarySchema, consentTemplateVersionSchema, consentTextInForceSchema } from '@/lib/contract/consent-templates';
import { draftSchema, draftSummarySchema, saveDraftBodySchema } from '@/lib/contract/drafts';
import { strictInput } from '@/lib/contract/strict';
import { feeSchema, productRefSchema, productSchema, walletProductSchema } from '@/lib/contract/products';
import {
  amlAlertDetailSchema,
  amlAlertSchema,
  amlEntrySchema,
  amlListSchema,
  amlListVersionSchema,
  amlRuleSchema,
  amlScreeningSchema,
  ruleFiringSchema,
  screeningHitSchema,
} from '@/lib/contract/aml';
import { cardBusinessErrorDataSchema } from '@/lib/contract/card-errors';
import { categoryProcessSchema } from '@/lib/contract/category-processes';
import {
  authorizationSchema,
  balanceSchema,
  cardSchema,
  cardholderSchema,
  challengeSchema,
  controlsSchema,
  disputeSchema,
  fundOrderSchema,
  limitSchema,
  merchantSchema,
  quoteSchema,
  statusChangeSchema,
  transactionSchema,
  walletTokenSchema,
  cardNoSchema,
} from '@/lib/contract/card-operations';
import { emailSchema, isoDateTimeSchema, uuidSchema } from '@/lib/contract/common';
import { auditEntrySchema, consentStateSchema, customerConsentsSchema, customerListItemSchema } from '@/lib/contract/customers';
import { errorDataSchema, fieldErrorSchema } from '@/lib/contract/envelopes';
import { isoDateSchema } from '@/lib/contract/onboarding';
import { adminUserSchema, sessionDataSchema, sessionUserSchema, sessionViewSchema } from '@/lib/contract/identity';
import { currencySchema, decimalStringSchema, positiveAmountSchema } from '@/lib/contract/money';
import {
  customerDocumentsSchema,
  documentRequirementStateSchema,
  documentUploadResultSchema,
  reviewDocumentSchema,
  timelineEventSchema,
  verificationCaseSchema,
  verificationQueueItemSchema,
  verificationSummarySchema,
} from '@/lib/contract/review';
import { cardSearchItemSchema } from '@/lib/contract/search';
import { publicTenantSchema, tenantSchema } from '@/lib/contract/tenants';
import {
  beneficiarySchema,
  paymentConsentSchema,
  statementLineSchema,
  transactionLimitSchema,
  transferDetailSchema,
  transferSchema,
  transferSourceWalletSchema,
  walletSchema,
} from '@/lib/contract/wallets';
import { externalEventSchema, externalPartnerSchema, receivedExternalEventSchema } from '@/lib/contract/external-events';
import { webhookAttemptSchema, webhookDeliverySchema, webhookSubscriptionSchema } from '@/lib/contract/webhooks';
import { countryInfoSchema, currencyInfoSchema, documentTypeInfoSchema, eventTypeInfoSchema, reasonCodeInfoSchema, referenceDataVersionsSchema } from '@/lib/contract/reference-data';
import { brandingSchema } from '@/lib/contract/tenant-setup';

/**
 * The named schemas of the OpenAPI document (components/schemas), each a zod schema of lib/contract
 * registered here once under its name. The generator (document.ts) gives each its id while it
 * converts, so zod's own JSON Schema output writes a `$ref` wherever that very schema instance is
 * used (also under `.describe()`, which keeps a link to its parent: the `$ref` then carries the
 * description beside it), and the definition lands once in components/schemas.
 *
 * PRIMITIVES are small field schemas matched by their JSON Schema form instead: the contract writes
 * `z.uuid()` or `z.iso.datetime()` inline in many places (a fresh instance each time, which no
 * registry can recognise), so the generator replaces every subschema whose validating keywords equal
 * a primitive's with a `$ref` to it (keeping its own description beside the `$ref`). Equal validating
 * keywords mean the same accepted values, so that replacement never changes what the document says.
 *
 * Add a schema here when it is answered by more than one operation, or is big; a schema that only
 * one operation uses stays inline, where a reader of that operation sees it at once.
 */
export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  CardNo: cardNoSchema,
  FieldError: fieldErrorSchema,
  ErrorData: errorDataSchema,
  SessionUser: sessionUserSchema,
  SessionData: sessionDataSchema,
  SessionView: sessionViewSchema,
  AdminUser: adminUserSchema,
  Tenant: tenantSchema,
  PublicTenant: publicTenantSchema,
  CustomerListItem: customerListItemSchema,
  AuditEntry: auditEntrySchema,
  ConsentState: consentStateSchema,
  CustomerConsents: customerConsentsSchema,
  ReviewDocument: reviewDocumentSchema,
  DocumentRequirementState: documentRequirementStateSchema,
  CustomerDocuments: customerDocumentsSchema,
  DocumentUploadResult: documentUploadResultSchema,
  VerificationSummary: verificationSummarySchema,
  VerificationQueueItem: verificationQueueItemSchema,
  VerificationCase: verificationCaseSchema,
  TimelineEvent: timelineEventSchema,
  WebhookSubscription: webhookSubscriptionSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookAttempt: webhookAttemptSchema,
  Wallet: walletSchema,
  Product: productSchema,
  ProductRef: productRefSchema,
  WalletProduct: walletProductSchema,
  Fee: feeSchema,
  StatementLine: statementLineSchema,
  Beneficiary: beneficiarySchema,
  PaymentConsent: paymentConsentSchema,
  TransactionLimit: transactionLimitSchema,
  TransferSourceWallet: transferSourceWalletSchema,
  Transfer: transferSchema,
  TransferDetail: transferDetailSchema,
  Card: cardSchema,
  CardSearchItem: cardSearchItemSchema,
  CardStatusChange: statusChangeSchema,
  CardLimit: limitSchema,
  CardControls: controlsSchema,
  CardBalance: balanceSchema,
  Cardholder: cardholderSchema,
  Quote: quoteSchema,
  FundOrder: fundOrderSchema,
  Merchant: merchantSchema,
  Transaction: transactionSchema,
  Authorization: authorizationSchema,
  Challenge: challengeSchema,
  WalletToken: walletTokenSchema,
  Dispute: disputeSchema,
  CardBusinessErrorData: cardBusinessErrorDataSchema,
  AmlList: amlListSchema,
  AmlListVersion: amlListVersionSchema,
  AmlEntry: amlEntrySchema,
  AmlScreeningHit: screeningHitSchema,
  AmlScreening: amlScreeningSchema,
  AmlRuleFiring: ruleFiringSchema,
  AmlAlert: amlAlertSchema,
  AmlAlertDetail: amlAlertDetailSchema,
  AmlRule: amlRuleSchema,
  CategoryProcess: categoryProcessSchema,
  ConsentTemplateVersion: consentTemplateVersionSchema,
  ConsentTemplateSummary: consentTemplateSummarySchema,
  ConsentTextInForce: consentTextInForceSchema,
  Draft: draftSchema,
  DraftSummary: draftSummarySchema,
  // the request body of three operations (POST, PUT by id, PUT by token): named in its strict form, the one the document renders
  SaveDraftBody: strictInput(saveDraftBodySchema),
  ExternalPartner: externalPartnerSchema,
  ExternalEvent: externalEventSchema,
  ReceivedExternalEvent: receivedExternalEventSchema,
  Country: countryInfoSchema,
  CurrencyInfo: currencyInfoSchema,
  DocumentTypeInfo: documentTypeInfoSchema,
  ReasonCodeInfo: reasonCodeInfoSchema,
  EventTypeInfo: eventTypeInfoSchema,
  ReferenceDataVersions: referenceDataVersionsSchema,
  Branding: brandingSchema,
};

/** Small shared field schemas, named and also matched by their JSON Schema form (see above). */
export const PRIMITIVES: Record<string, z.ZodType> = {
  Uuid: uuidSchema,
  DateTime: isoDateTimeSchema,
  UtcDateTime: z.iso.datetime(),
  Date: isoDateSchema,
  Email: emailSchema,
  Integer: z.number().int(),
  Currency: currencySchema,
  Amount: decimalStringSchema,
  PositiveAmount: positiveAmountSchema,
};

/** One line per tag: what the operations under it are for (the reference page shows it). */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Platform: 'Health of the server and its dependencies, and this document.',
  Tenants: 'Platform operators register and suspend tenants; anyone reads the public profile of the X-Tenant-ID tenant.',
  'Tenant set-up': "The tenant's branding, its administrator's first-run checklist, and the preload document a panel or the tenant's own frontend starts from (docs/tenant-setup.md).",
  'Reference data': 'Countries (ISO 3166-1), currencies (ISO 4217), document types, reason codes and event types, with strong ETags (docs/reference-data.md).',
  Sessions: 'Sign-in for administrators and customers, token refresh and sign-out, and the bearer token of the card API.',
  Administrators: "The tenant's administrator users: roles, lockout, passwords (capability user:manage).",
  Customers: 'Customer registration (individual and organization), consents, documents, verification and activation.',
  Verifications: 'The KYC/KYB review queue: assignment, notes, document decisions and the final decision.',
  Categorization: "The tenant's customer categories and the features they carry.",
  Webhooks: 'Subscriptions to platform events, their deliveries, replays and signing secrets.',
  'External events':
    "Signed events from the tenant's partners (card processor, KYC and screening vendors): the inbound endpoint, the partners and their secrets, the received events (docs/external-events.md).",
  Transfers: 'Beneficiaries, payment consents, transaction limits and transfers with four-eyes approval.',
  Wallets: 'Wallets in a currency, their statements, freezing and closing, and sandbox funding.',
  Products:
    "The tenant's wallet products (fees on payouts and transfers, default limits) and card products (BIN range, spending limits, merchant categories); wallets and cards open on one (docs/products.md).",
  Panel: "What the admin panel's screens read: customer lists and export, search, the dashboard.",
  'Consent templates':
    "The tenant's consent texts: versions drafted and published by an administrator, the texts in force (public), re-consent after a material change (docs/consent-templates.md).",
  AML: 'Sanctions and PEP screening against versioned lists (OFAC, EU, UN and our own CSV), ongoing monitoring, transaction-monitoring rules, and the alerts case manager (docs/aml.md).',
  'Virtual cards': 'The card API (Envelope B): issue and manage virtual cards, limits, controls, funding, transactions and disputes.',
  Drafts:
    'Registration drafts: what a wizard has typed, saved as it goes (never a password or a file), resumed by staff on another device or by a self sign-up with its link token; they expire 30 days after the last save (docs/drafts.md).',
  'Card sandbox': 'Sandbox-only card operations that simulate the network (authorizations, clearing); not served with a real processor.',
};
