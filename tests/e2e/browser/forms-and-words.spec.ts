import { expect, test, type Page } from '@playwright/test';
import { checkScreen, registerTenant, signInPanel, VIEWPORTS } from '../browser-helpers';
import { PDF_FILE, PNG_FILE } from '../browser-files';
import { PNG_1X1_BASE64, individualRegistrationBody } from '../fixtures';
import { APPROVER_PASSWORD, CUSTOMER_PASSWORD, context, ok, staffTenant } from '../money-world';

/**
 * Issue 30, items 8, 9, 10 and 12, and the organization wizard and the compliance actions walked at
 * 1280 and at 375 px: errors clear as a field becomes valid (not at the next Next); right after a
 * registration the customer page neither says "pending review" and "No verification yet" together
 * nor "business type" twice; the organization's representative is offered as a cardholder and found
 * by the search box; a revision's confirmation names the documents to replace and the queue marks
 * the case the customer resubmitted; a customer signing in to the panel is told to use the API.
 */

const ADMIN_PASSWORD = 'Quiet-Lantern-42?';
const next = (page: Page) => page.getByRole('button', { name: /^(Next|Review)$/ }).click();
const heading = (page: Page, n: number, title: string) => expect(page.getByRole('heading', { name: `Step ${n} of 8: ${title}` })).toBeVisible();

/** Below 768 px the customer page folds its sections: open one by its heading (a no-op when it is open). */
async function openSection(page: Page, title: string) {
  const toggle = page.getByRole('button', { name: title, exact: true });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** Every document slot of the Documents step gets a number, an expiry where asked, and a file. */
async function fillEveryDocument(page: Page) {
  for (const input of await page.getByLabel('Document number').all()) await input.fill('DOC-4711');
  for (const input of await page.getByLabel('Expiry date').all()) await input.fill('2034-05-01');
  const files = page.getByLabel(/^File/);
  for (let i = 0; i < (await files.count()); i++) await files.nth(i).setInputFiles(i === 0 ? PDF_FILE('extract.pdf') : PNG_FILE(`document-${i}.png`));
  await expect(page.getByText(/^Chosen: /)).toHaveCount(await files.count());
}

for (const viewport of VIEWPORTS) {
  test(`a country list still loading is said inside its field: nothing below it moves when the list arrives, so a click aimed at Next lands on Next (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    const tenantId = await registerTenant(request, 'Wizard list');
    await page.setViewportSize(viewport);
    await signInPanel(page, tenantId);
    // the list answers late, as on a busy server; it is asked for when the Addresses step first shows a country field
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v2.1/reference-data/countries', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/customers/new/organization');
    await heading(page, 1, 'Company');
    await page.getByLabel('Legal name').fill('Steady Layout GmbH');
    await page.getByLabel('Registration number').fill('HRB-2');
    await next(page);
    await heading(page, 2, 'Addresses');
    const country = page.getByRole('group', { name: 'Address 1' }).getByLabel('Country (ISO code)');
    await country.fill('DE');
    await expect(country).toHaveAccessibleDescription('Loading the list…');
    const nextButton = page.getByRole('button', { name: 'Next', exact: true });
    const before = await nextButton.boundingBox();
    release();
    await expect(country).toHaveAccessibleDescription('');
    expect(await nextButton.boundingBox()).toEqual(before);
    await page.unroute('**/api/v2.1/reference-data/countries');
    // leaving the field chooses the code typed; the step's other fields are still empty, so Next stays and names them
    await next(page);
    await expect(country).toHaveValue('Germany (DE)');
    await expect(page.getByRole('group', { name: 'Address 1' }).getByLabel('Street')).toHaveAccessibleDescription('must not be empty');
  });

  test(`organization wizard: errors clear as fields become valid; the new customer's page says it once; its representative is a cardholder and found by name (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const tenantId = await registerTenant(request, 'Wizard words');
    const stamp = Date.now().toString(36);
    const legalName = `Widgets ${stamp} GmbH`;
    const repLast = `Repwoman${stamp}`;
    await page.setViewportSize(viewport);
    await signInPanel(page, tenantId);
    await page.goto('/customers/new/organization');
    await heading(page, 1, 'Company');

    // Next on an empty step: the errors; each clears as its own field becomes valid, before any Next
    await next(page);
    const legal = page.getByLabel('Legal name');
    const number = page.getByLabel('Registration number');
    await expect(legal).toHaveAccessibleDescription('must not be empty');
    await expect(number).toHaveAccessibleDescription('must not be empty');
    await legal.fill(legalName);
    await expect(legal).toHaveAccessibleDescription('');
    await expect(number).toHaveAccessibleDescription('must not be empty');
    await number.fill(`HRB-${stamp}`);
    await expect(number).toHaveAccessibleDescription('');
    // a field that is still wrong keeps an error, with the words of what is wrong now
    const website = page.getByLabel('Website');
    await website.fill('widgets.example');
    await next(page);
    await expect(website).toHaveAccessibleDescription('must be an absolute URL');
    await website.fill('https://widgets.example');
    await expect(website).toHaveAccessibleDescription('');
    await checkScreen(page, 'wizard-company-valid', async () => {
      await heading(page, 1, 'Company');
    });
    await next(page);

    await heading(page, 2, 'Addresses');
    await next(page);
    const street = page.getByRole('group', { name: 'Address 1' }).getByLabel('Street');
    await expect(street).toHaveAccessibleDescription('must not be empty');
    await street.fill('Hauptstrasse 1');
    await expect(street).toHaveAccessibleDescription('');
    const address = page.getByRole('group', { name: 'Address 1' });
    await address.getByLabel('Postal code').fill('20095');
    await address.getByLabel('City').fill('Hamburg');
    await address.getByLabel('Country (ISO code)').fill('DE');
    await next(page);

    await heading(page, 3, 'Representatives');
    const rep = page.getByRole('group', { name: 'Representative 1' });
    await rep.getByLabel('First name').fill('Ingrid');
    await rep.getByLabel('Last name').fill(repLast);
    await rep.getByLabel('Ownership share (%)').fill('100');
    await next(page);

    await heading(page, 4, 'Administrator');
    await page.getByLabel('Administrator email').fill(`admin.${stamp}@widgets.example`);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Repeat password').fill('Quiet-Lantern-43?');
    await next(page);
    const repeat = page.getByLabel('Repeat password');
    await expect(repeat).toHaveAccessibleDescription('passwords do not match');
    await repeat.fill(ADMIN_PASSWORD);
    await expect(repeat).toHaveAccessibleDescription('');
    await next(page);

    await heading(page, 5, 'Documents');
    await fillEveryDocument(page);
    await next(page);
    await heading(page, 6, 'Consents');
    await page.getByLabel('Terms and conditions accepted').check();
    await page.getByLabel('Privacy policy accepted').check();
    await page.getByLabel('Data processing consent').check();
    await next(page);
    await heading(page, 7, 'Activation');
    await next(page);
    await heading(page, 8, 'Review');
    await checkScreen(page, 'wizard-review', async () => {
      await expect(page.getByTestId('review')).toContainText(legalName);
    });
    await page.getByRole('button', { name: 'Register organization' }).click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    const customerUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: legalName })).toBeVisible();

    // right after the registration: the case waits for a reviewer, said once and without contradiction
    await openSection(page, 'Verification');
    await openSection(page, 'Profile');
    const main = page.getByRole('main');
    await expect(main.getByTestId('verification-summary')).toContainText('no reviewer has acted on it yet');
    await expect(main).not.toContainText('No verification yet');
    await expect(main.getByRole('region', { name: 'Profile' })).toContainText('client to tenant');
    expect((await main.innerText()).match(/business type/gi) ?? []).toHaveLength(1);
    await checkScreen(page, 'new-organization-customer', async () => {
      await expect(main.getByTestId('verification-summary')).toBeVisible();
    });

    // its representative is offered as the cardholder, filled from the record (on a phone the action opens its folded section)
    await page.getByRole('button', { name: 'Issue a card' }).click();
    const issue = page.getByRole('dialog', { name: 'Issue a card' });
    const holder = issue.getByLabel('Cardholder');
    await expect(holder.locator('option:checked')).toHaveText(`Ingrid ${repLast} (owner, new cardholder)`);
    await expect(issue.getByLabel('First name')).toHaveValue('Ingrid');
    await expect(issue.getByLabel('Last name')).toHaveValue(repLast);
    await expect(issue.getByLabel('Billing address')).toHaveValue('Hauptstrasse 1');
    await checkScreen(page, 'issue-card-representative', async () => {
      await expect(issue).toBeVisible();
    });
    await issue.getByRole('button', { name: 'Cancel' }).click();
    await expect(issue).toBeHidden();

    // the search box finds the representative by name
    await page.getByRole('searchbox').fill(`ingrid ${repLast.toLowerCase()}`);
    await page.getByRole('button', { name: 'Find' }).click();
    const people = page.getByRole('region', { name: 'Representatives (1)' });
    await expect(people).toContainText(`represents ${legalName}`);
    await checkScreen(page, 'search-representative', async () => {
      await expect(people).toBeVisible();
    });
    await people.getByRole('link', { name: `Ingrid ${repLast}` }).click();
    await expect(page).toHaveURL(customerUrl);
  });

  test(`compliance: the revision's confirmation names the documents to replace; the queue marks the resubmitted case; a customer at the panel is sent to the API (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const staff = await staffTenant(request, 'Revision words');
    const hierarchy = await ok<{ categories: Array<{ id: string; code: string }> }>(
      await request.get(`/api/v2.1/categorization/hierarchy/${staff.tenantId}`, { headers: context(staff.tenantId) }),
    );
    const categoryId = hierarchy.categories.find((c) => c.code === 'RETAIL_STANDARD')!.id;
    const lastName = `Revised${Date.now().toString(36)}`;
    const email = `${lastName.toLowerCase()}@customer.example`;
    const registration = await ok<{ customerId: string; verificationId: string }>(
      await request.post('/api/v2.1/customer/individual/registration', {
        headers: { ...context(staff.tenantId), ...staff.auth },
        data: individualRegistrationBody({ email, password: CUSTOMER_PASSWORD, categoryId, firstName: 'Rita', lastName }),
      }),
    );

    await page.setViewportSize(viewport);
    await signInPanel(page, staff.tenantId, staff.officerName, APPROVER_PASSWORD);
    await page.goto(`/verifications/${registration.verificationId}`);
    const decision = page.getByRole('form', { name: 'Decision' });
    await decision.getByRole('radio', { name: 'Request revision' }).check();
    await decision.getByLabel('Reason').selectOption('DOCUMENT_UNREADABLE');
    await decision.getByRole('checkbox', { name: /^Replace: Passport P1234567/ }).check();
    await decision.getByLabel(/^Comment/).fill('The photo page is blurred.');
    await decision.getByRole('button', { name: 'Review decision…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the decision' });
    await expect(confirm.getByTestId('revision-asks')).toHaveText('Replace Passport P1234567');
    await checkScreen(page, 'revision-confirm', async () => {
      await expect(confirm).toBeVisible();
    });
    await confirm.getByRole('button', { name: 'Confirm: Request revision' }).click();
    await expect(confirm).toBeHidden();

    // the customer answers the request through the API: a new passport replaces the old one
    const docs = await ok<{ documents: Array<{ id: string; documentType: string }> }>(
      await request.get(`/api/v2.1/verifications/${registration.verificationId}`, { headers: staff.officer }),
    );
    const passport = docs.documents.find((d) => d.documentType === 'PASSPORT')!;
    await ok(
      await request.post(`/api/v2.1/customer/individual/${registration.customerId}/documents`, {
        headers: { ...staff.auth, 'Idempotency-Key': `resubmit-${registration.customerId}` },
        data: { documentType: 'PASSPORT', documentNumber: 'P7654321', issuingCountry: 'GB', expiryDate: '2035-01-01', documentFile: PNG_1X1_BASE64, replacesDocumentId: passport.id },
      }),
    );
    const queue = await ok<{ items: Array<{ id: string; resubmissions: number }> }>(await request.get('/api/v2.1/verifications?assignee=any', { headers: staff.officer }));
    expect(queue.items.find((i) => i.id === registration.verificationId)?.resubmissions).toBe(1);
    await page.goto('/verifications');
    const row = page
      .getByRole('region', { name: /review queue|verification/i })
      .locator('tbody tr')
      .filter({ hasText: `Rita ${lastName}` });
    await expect(row.getByTestId('resubmitted')).toHaveText('Resubmitted after revision');
    await checkScreen(page, 'queue-resubmitted', async () => {
      await expect(row).toBeVisible();
    });

    // the customer's own credentials at the panel: told where customers sign in, not "wrong password"
    await page.context().clearCookies();
    await page.goto('/sign-in');
    await page.getByLabel('Tenant ID').fill(staff.tenantId);
    await page.getByLabel('Username or email').fill(email);
    await page.getByLabel('Password').fill(CUSTOMER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'customer account' });
    await expect(refusal).toHaveText('This is a customer account: customers use the Business Platform API (or the app built on it), not this panel. The panel is for the tenant’s staff.');
    await expect(refusal).not.toContainText('attempts left');
    await checkScreen(page, 'sign-in-customer', async () => {
      await expect(refusal).toBeVisible();
    });
  });
}
