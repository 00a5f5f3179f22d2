/**
 * Constants shared by playwright.config.ts and the end-to-end specs. The server under test is a
 * production build started by Playwright's webServer with exactly these credentials.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../chromium.mjs';

/** 40 printable characters; the server accepts any key of at least 32. */
export const E2E_PLATFORM_KEY = 'e2e-platform-key-0123456789abcdefghijklm';
export const E2E_DEMO_PASSWORD = 'Demo-Passw0rd!2026';
/**
 * The secrets a production start requires (lib/env.ts assertProductionConfiguration); test values,
 * never used outside the servers the tests start.
 */
export const E2E_PRODUCTION_SECRETS = {
  AUTH_SECRET: 'e2e-auth-secret-0123456789abcdefghijklmnop',
  WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  // production refuses the built-in sandbox card processor unless asked for; the tests use it
  CARD_PROCESSOR_SANDBOX: 'true',
  // the production builds under test serve http://127.0.0.1: production wants an https public URL
  // (Secure cookies, HSTS) unless this local-trial opt-out is given (tests/e2e/api/startup.spec.ts)
  ALLOW_INSECURE_HTTP: 'true',
};
/** the server on PGlite (projects api and browser) */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** the server on the PostgreSQL database of DATABASE_URL (project api-postgres) */
export const E2E_POSTGRES_PORT = Number(process.env.E2E_POSTGRES_PORT ?? E2E_PORT + 1);
export const E2E_POSTGRES_BASE_URL = `http://127.0.0.1:${E2E_POSTGRES_PORT}`;

/**
 * tests/e2e/api/postgres/: the PostgreSQL database of DATABASE_URL, which the api-postgres project's
 * server runs on; specs that need databases of their own create them beside it, on its server.
 */
export function postgresUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('tests/e2e/api/postgres/ runs on PostgreSQL: set DATABASE_URL (npm test and .ci/run do)');
  return url;
}

export const DEMO_TENANT_NAME = 'Demo Bank';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PACKAGE_VERSION: string = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;

export const CHROMIUM_PATH = chromiumPath();
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

/** A password that satisfies the policy; the specs check it never appears in a response. */
export const STRONG_PASSWORD = 'Correct-Horse-9-Battery';

export const platformAuth = { authorization: `Bearer ${E2E_PLATFORM_KEY}` };

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let counter = 0;
export const uniqueName = (prefix = 'E2E') => `${prefix} ${Date.now().toString(36)}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;

export function registrationBody(name = uniqueName()) {
  return {
    name,
    admin: { username: 'owner', email: 'owner@example.com', password: STRONG_PASSWORD, firstName: 'Olga', lastName: 'Owner' },
  };
}

/** A real 1x1 PNG (base64): the identity document of a registration. */
export const PNG_1X1_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

/**
 * The body of POST /api/v2.1/customer/individual/registration for a RETAIL_STANDARD-style category:
 * an individual with its mandatory category keys, contact, address, an identity document (the
 * review approves only with an accepted one, REQUIRED_DOCUMENTS), the consents and activation step.
 * The one copy every spec and the fuzzer's set-up use.
 */
export function individualRegistrationBody(options: {
  email: string;
  password: string;
  categoryId: string;
  firstName?: string;
  lastName?: string;
  documentFile?: string;
  documentExpiry?: string;
}) {
  const { email, password, categoryId, firstName = 'Grace', lastName = 'Customer', documentFile = PNG_1X1_BASE64, documentExpiry = '2034-01-01' } = options;
  return {
    email,
    phone: '+4915112345678',
    password,
    matchingPassword: password,
    customerCategory: { id: categoryId },
    individualCustomer: {
      customerName: `${firstName} ${lastName}`,
      person: { addresses: [{ type: 'POSTAL', street: 'Postfach 12', city: 'Berlin', postalCode: '10001', country: 'de' }], contacts: [{ type: 'PHONE', value: '+493012345678' }] },
      categorization: {
        id: categoryId,
        parametrization: [
          { name: 'employmentStatus', value: 'EMPLOYED' },
          { name: 'sourceOfFunds', value: 'SALARY' },
        ],
      },
    },
    CATEGORIZATION: { categoryId },
    PERSONAL_INFO: { firstName, lastName, dateOfBirth: '1990-04-21', nationality: 'gb', gender: 'female', placeOfBirth: 'London' },
    CONTACT_INFO: { contactType: 'EMAIL', contactValue: email, isPrimary: true },
    ADDRESS_INFO: { addressType: 'RESIDENTIAL', street: 'Unter den Linden', building: '5', city: 'Berlin', postalCode: '10117', country: 'DE', isPrimary: true },
    DOCUMENT_UPLOAD: { documentType: 'PASSPORT', documentNumber: 'P1234567', issuingCountry: 'GB', expiryDate: documentExpiry, documentFile },
    CONSENT: { termsAccepted: true, privacyAccepted: true, marketingConsent: false, dataProcessingConsent: true },
    ACTIVATION: { activationConfirm: true, welcomeEmailSent: false },
  };
}

/** The mandatory category keys of BUSINESS_STANDARD. */
export const BUSINESS_KEYS = [
  { name: 'annualTurnoverBand', value: '100K_1M' },
  { name: 'operatingRegion', value: 'EEA' },
];

/**
 * The body of POST /api/v2.1/customer/organization/registration for a BUSINESS_STANDARD-style
 * category: the organization with its registered address and two representatives, an administrator
 * user and the DOCUMENTS step (none when `documents` is empty). The one copy the integration tests
 * and the fuzzer's set-up use; `tag` makes the registration number and e-mails unique.
 */
export function organizationRegistrationBody(options: {
  tag: string;
  password: string;
  categoryId: string | null;
  documents: Record<string, unknown>[];
  registrationNumber?: string;
  legalName?: string;
  businessType?: 'BUSINESS_TYPE_CLIENT_TO_TENANT' | 'BUSINESS_TYPE_STANDARD';
  email?: string;
  adminUser?: Record<string, unknown> | null;
  representatives?: Record<string, unknown>[];
  consents?: Partial<Record<'termsAccepted' | 'privacyAccepted' | 'dataProcessingConsent' | 'marketingConsent', boolean>>;
}): Record<string, unknown> {
  const { tag, password, categoryId } = options;
  return {
    email: options.email ?? `${tag}@company.example`,
    password,
    matchingPassword: password,
    ...(categoryId ? { customerCategory: { id: categoryId } } : {}),
    organizationCustomer: {
      customerName: options.legalName ?? 'Acme Widgets',
      organization: {
        legalName: options.legalName ?? 'Acme Widgets GmbH',
        tradingName: 'Acme',
        registrationNumber: options.registrationNumber ?? `HRB-${tag}`,
        taxId: 'DE123456789',
        incorporationDate: '2015-06-01',
        legalForm: 'GmbH',
        industry: 'Manufacturing',
        businessDescription: 'Widgets for everyone',
        website: 'https://acme.example',
        email: `office-${tag}@company.example`,
        phone: '+49301234567',
        ...(options.businessType ? { businessType: options.businessType } : {}),
        addresses: [{ type: 'REGISTERED', street: 'Hauptstrasse 1', city: 'Hamburg', postalCode: '20095', country: 'DE', isPrimary: true }],
        representatives: options.representatives ?? [
          { firstName: 'Olga', lastName: 'Owner', position: 'CEO', email: 'olga@company.example', isPrimaryOwner: true, ownershipShare: 60 },
          { firstName: 'Paul', lastName: 'Partner', position: 'CFO', ownershipShare: 40 },
        ],
      },
      ...(options.adminUser === null ? {} : { user: options.adminUser ?? { username: `${tag}.admin`, email: `admin-${tag}@company.example`, password, roles: ['ADMIN_USER'] } }),
      ...(categoryId ? { categorization: { id: categoryId, parametrization: BUSINESS_KEYS } } : {}),
    },
    ...(options.documents.length === 0 ? {} : { DOCUMENTS: options.documents }),
    ...(options.consents ? { CONSENT: { termsAccepted: false, privacyAccepted: false, dataProcessingConsent: false, marketingConsent: false, ...options.consents } } : {}),
  };
}
