import { expect, test, type Page } from '@playwright/test';
import { capture, registerTenant, signInPanel } from '../browser-helpers';
import { PDF_FILE, PNG_FILE } from '../browser-files';

/**
 * Screen 5, register organization, in Chromium against the production build: company data,
 * addresses and representatives (rows added and removed, the ownership total live, more than 100%
 * refused), the default administrator, a draft that survives a reload without the password, the
 * review, landing on the customer's page; then the same registration number again shows the
 * duplicate with a link that opens the existing organization's customer page.
 */

const ADMIN_PASSWORD = 'Quiet-Lantern-42?';
let tenantId = '';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async ({ request }) => {
  tenantId = await registerTenant(request, 'Organization wizard');
});

async function fillCompany(page: Page, legalName: string, registrationNumber: string): Promise<void> {
  await page.getByLabel('Legal name').fill(legalName);
  await page.getByLabel('Registration number').fill(registrationNumber);
  await page.getByLabel('Legal form').fill('GmbH');
  await page.getByLabel('Website').fill('https://widgets.example');
}

async function fillAddress(page: Page): Promise<void> {
  const first = page.getByRole('group', { name: 'Address 1' });
  await first.getByLabel('Street').fill('Hauptstrasse 1');
  await first.getByLabel('Postal code').fill('20095');
  await first.getByLabel('City').fill('Hamburg');
  await first.getByLabel('Country (ISO code)').fill('DE');
}

async function fillRepresentative(page: Page, index: number, first: string, last: string, share: string): Promise<void> {
  const row = page.getByRole('group', { name: `Representative ${index}` });
  await row.getByLabel('First name').fill(first);
  await row.getByLabel('Last name').fill(last);
  await row.getByLabel('Ownership share (%)').fill(share);
}

async function fillAdministrator(page: Page, email: string): Promise<void> {
  await page.getByLabel('Administrator email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel('Repeat password').fill(ADMIN_PASSWORD);
}

const next = (page: Page) => page.getByRole('button', { name: /^(Next|Review)$/ }).click();
const heading = (page: Page, n: number, title: string) => expect(page.getByRole('heading', { name: `Step ${n} of 8: ${title}` })).toBeVisible();

/** The Documents step: what REQUIRED_DOCUMENTS asks of an organization, an identity document of each person. */
async function fillDocuments(page: Page, people: string[]): Promise<void> {
  const reg = page.getByRole('group', { name: 'Company registration extract' });
  await reg.getByLabel('Document number').fill('HRB-EXTRACT-7');
  await reg.getByLabel(/^File/).setInputFiles(PDF_FILE('extract.pdf'));
  await expect(reg.getByText('Chosen: extract.pdf')).toBeVisible();
  const addr = page.getByRole('group', { name: 'Proof of address' });
  await addr.getByLabel(/^File/).setInputFiles(PDF_FILE('utility-bill.pdf'));
  await expect(addr.getByText('Chosen: utility-bill.pdf')).toBeVisible();
  await expect(page.getByRole('group', { name: /^Identity document of / })).toHaveCount(people.length);
  for (const [i, person] of people.entries()) {
    const id = page.getByRole('group', { name: `Identity document of ${person}` });
    await id.getByLabel('Document number').fill(`C01X00T4${i}`);
    await id.getByLabel('Expiry date').fill('2034-05-01');
    await id.getByLabel(/^File/).setInputFiles(PNG_FILE(`passport-${i + 1}.png`));
    await expect(id.getByText(`Chosen: passport-${i + 1}.png`)).toBeVisible();
  }
}

/** Documents, consents and activation: from the administrator step to the review. */
async function finishSteps(page: Page, people: string[]): Promise<void> {
  await heading(page, 5, 'Documents');
  await fillDocuments(page, people);
  await next(page);
  await heading(page, 6, 'Consents');
  await page.getByLabel('Terms and conditions accepted').check();
  await page.getByLabel('Privacy policy accepted').check();
  await page.getByLabel('Data processing consent').check();
  await next(page);
  await heading(page, 7, 'Activation');
  await next(page);
}

test('register an organization: per-step validation, representatives with a live ownership total, draft without the password, lands on the customer; a duplicate links to the existing one', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const registrationNumber = `HRB-${stamp}`;
  const legalName = `Widgets ${stamp} GmbH`;

  await signInPanel(page, tenantId);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('link', { name: 'Register organization' }).click();
  await heading(page, 1, 'Company');
  // per-step validation with the contract's company schema
  await next(page);
  await expect(page.getByLabel('Legal name')).toHaveAccessibleDescription('must not be empty');
  await expect(page.getByLabel('Legal name')).toBeFocused();
  await fillCompany(page, legalName, registrationNumber);
  await page.getByLabel('Website').fill('widgets.example');
  await next(page);
  await expect(page.getByLabel('Website')).toHaveAccessibleDescription('must be an absolute URL');
  await page.getByLabel('Website').fill('https://widgets.example');
  await capture(page, 'register-organization', async () => {
    await heading(page, 1, 'Company');
  });
  await next(page);

  // addresses: add a row, remove it again
  await heading(page, 2, 'Addresses');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('group', { name: 'Address 2' })).toBeVisible();
  await next(page);
  await expect(page.getByRole('group', { name: 'Address 2' }).getByLabel('Street')).toHaveAccessibleDescription('must not be empty');
  await page.getByRole('button', { name: 'Remove address 2' }).click();
  await expect(page.getByRole('group', { name: 'Address 2' })).toHaveCount(0);
  await next(page);

  // representatives: the total follows the typing; more than 100% is refused by the contract's rule
  await heading(page, 3, 'Representatives');
  const total = page.getByTestId('ownership-total');
  await fillRepresentative(page, 1, 'Olga', 'Owner', '60');
  await expect(total).toHaveText('Total ownership: 60% of at most 100%');
  await page.getByRole('button', { name: 'Add representative' }).click();
  await fillRepresentative(page, 2, 'Paul', 'Partner', '50.5');
  await expect(total).toHaveText('Total ownership: 110.5% — more than 100% is not possible');
  await next(page);
  await expect(page.getByRole('alert').filter({ hasText: 'ownership shares add up to 110.5%; at most 100% is possible' })).toBeVisible();
  await heading(page, 3, 'Representatives');
  await page.getByRole('button', { name: 'Add representative' }).click();
  await expect(page.getByRole('group', { name: 'Representative 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove representative 3' }).click();
  await page.getByRole('group', { name: 'Representative 2' }).getByLabel('Ownership share (%)').fill('40');
  await expect(total).toHaveText('Total ownership: 100% of at most 100%');
  await expect(page.getByRole('alert').filter({ hasText: 'ownership shares add up' })).toHaveCount(0);
  await capture(page, 'register-organization-representatives', async () => {
    await expect(total).toBeVisible();
  });
  await next(page);

  // the administrator; a reload keeps the draft, never the password
  await heading(page, 4, 'Administrator');
  const adminEmail = `admin.${stamp}@widgets.example`;
  await fillAdministrator(page, adminEmail);
  await page.getByLabel('Repeat password').fill('Quiet-Lantern-43?');
  await next(page);
  await expect(page.getByLabel('Repeat password')).toHaveAccessibleDescription('passwords do not match');
  await page.reload();
  await heading(page, 4, 'Administrator');
  await expect(page.getByLabel('Administrator email')).toHaveValue(adminEmail);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByTestId('resumed-draft')).toContainText('must be entered again: Password, Repeat password, Document files');
  const draft = await page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([k]) => k.startsWith('bp.draft.organization.'))
      .map(([, v]) => v)
      .join(''),
  );
  expect(draft).toContain(registrationNumber);
  expect(draft).toContain('Paul');
  expect(draft).not.toContain('Quiet-Lantern');
  await fillAdministrator(page, adminEmail);
  await next(page);
  // documents: a file is required for each required document
  await heading(page, 5, 'Documents');
  await next(page);
  await expect(page.getByRole('group', { name: 'Proof of address' }).getByLabel(/^File/)).toHaveAccessibleDescription('attach a file');
  await finishSteps(page, ['Olga Owner', 'Paul Partner']);

  await heading(page, 8, 'Review');
  const review = page.getByTestId('review');
  await expect(review).toContainText(legalName);
  await expect(review).toContainText('Paul Partner (40%)');
  await expect(review).toContainText('Total ownership100%');
  await expect(review).toContainText('Company registration extract' + 'Company registration extract (extract.pdf)');
  await expect(review).toContainText('Identity document of Olga Owner' + 'Passport (passport-1.png)');
  await expect(review).toContainText('Identity document of Paul Partner' + 'Passport (passport-2.png)');
  await expect(review).toContainText('ConsentsTerms, Privacy, Data processing');
  await page.getByRole('button', { name: 'Register organization' }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  const customerUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: legalName })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bp.draft.')))).toEqual([]);

  // the same registration number again: the duplicate, with a link to the existing organization
  await page.goto('/customers/new/organization');
  await heading(page, 1, 'Company');
  await expect(page.getByLabel('Legal name')).toHaveValue('');
  await fillCompany(page, `Copycat ${stamp} AG`, registrationNumber);
  await next(page);
  await fillAddress(page);
  await next(page);
  await fillRepresentative(page, 1, 'Cora', 'Copy', '100');
  await next(page);
  await fillAdministrator(page, `copy.${stamp}@copycat.example`);
  await next(page);
  await finishSteps(page, ['Cora Copy']);
  await page.getByRole('button', { name: 'Register organization' }).click();
  await heading(page, 1, 'Company');
  const duplicate = page.getByTestId('duplicate');
  await expect(duplicate).toContainText(`Organization already exists: registration number ${registrationNumber} is registered in this tenant.`);
  await expect(page.getByLabel('Registration number')).toHaveAccessibleDescription('an organization with this registration number already exists');
  const link = duplicate.getByRole('link', { name: `Open ${legalName}` });
  await expect(link).toBeVisible();
  await capture(page, 'register-organization-duplicate', async () => {
    await expect(link).toBeVisible();
  });
  await link.click();
  await expect(page).toHaveURL(customerUrl);
  await expect(page.getByRole('heading', { level: 1, name: legalName })).toBeVisible();
});
