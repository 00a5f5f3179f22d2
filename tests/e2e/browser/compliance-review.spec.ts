import { expect, test, type Browser, type Page } from '@playwright/test';
import { capture, registerTenant, signInPanel } from '../browser-helpers';
import { E2E_BASE_URL, STRONG_PASSWORD } from '../fixtures';
import { PDF_FILE, PNG_FILE } from '../browser-files';

/** page.request carries the panel cookie but not the Origin a page's fetch sends; the same-origin rule (docs/edge.md) wants it. */
const SAME_ORIGIN = { origin: E2E_BASE_URL };

/**
 * Compliance-grade onboarding in Chromium, two browser contexts side by side: the tenant's
 * administrator (Olga Owner, the registrar) and a compliance officer (Otto Officer).
 * 1. The administrator registers an organization with its documents and consents; on the case the
 *    approve action is disabled with the four-eyes reason before any input. The officer claims the
 *    case, reviews each document in the viewer, sees the risk and its reasons, approves through
 *    the confirmation dialog; the timeline names every actor and exports as CSV.
 * 2. Approval with a pending document: the page says why, and the server refuses it (422).
 * 3. The revision loop: the officer names the document to replace; the administrator sees the
 *    request on the customer page and uploads the replacement; the case is back in the queue.
 * Every new screen is axe-scanned and photographed at 1280 and 375 px (the phone width: one scan per
 * screen per width; 375 is the narrower of the panel's two phone widths).
 */

const OFFICER_PASSWORD = 'Amber-Falcon-77%';
let tenantId = '';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async ({ request }) => {
  tenantId = await registerTenant(request, 'Compliance review');
});

async function officerPage(browser: Browser, admin: Page, username: string, firstName: string): Promise<Page> {
  const created = await admin.request.post('/api/v2.1/admin/users', {
    headers: SAME_ORIGIN,
    data: { username, email: `${username}@bank.example`, password: OFFICER_PASSWORD, firstName, lastName: 'Officer', roles: ['COMPLIANCE_OFFICER'] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInPanel(page, tenantId, username, OFFICER_PASSWORD);
  return page;
}

const next = (page: Page) => page.getByRole('button', { name: /^(Next|Review)$/ }).click();

/** The people of the organization: first name, last name, ownership share. */
type Person = [string, string, string];
const RITA: Person[] = [['Rita', 'Representative', '100']];

async function registerOrganizationInWizard(page: Page, legalName: string, registrationNumber: string, people: Person[] = RITA): Promise<void> {
  await page.goto('/customers/new/organization');
  await page.getByLabel('Legal name').fill(legalName);
  await page.getByLabel('Registration number').fill(registrationNumber);
  await page.getByLabel('Industry').fill('Manufacturing');
  const category = page.getByLabel('Category (optional)');
  await category.selectOption({ label: 'Business standard (medium risk)' });
  // the category's keys, in words, checked in the browser before the step is left
  await next(page);
  await expect(page.getByLabel('Annual turnover band')).toHaveAccessibleDescription('required for this category');
  await page.getByLabel('Annual turnover band').selectOption('100K_1M');
  await page.getByLabel('Operating region').selectOption({ label: 'EEA' });
  await next(page);
  const address = page.getByRole('group', { name: 'Address 1' });
  await address.getByLabel('Street').fill('Hauptstrasse 1');
  await address.getByLabel('City').fill('Hamburg');
  await address.getByLabel('Country (ISO code)').fill('DE');
  await next(page);
  for (const [i, [first, last, share]] of people.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add representative' }).click();
    const rep = page.getByRole('group', { name: `Representative ${i + 1}` });
    await rep.getByLabel('First name').fill(first);
    await rep.getByLabel('Last name').fill(last);
    await rep.getByLabel('Ownership share (%)').fill(share);
  }
  await next(page);
  await page.getByLabel('Administrator email').fill(`admin.${registrationNumber.toLowerCase()}@company.example`);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Repeat password').fill(STRONG_PASSWORD);
  await next(page);
  await expect(page.getByRole('heading', { name: 'Step 5 of 8: Documents' })).toBeVisible();
  await page.getByRole('group', { name: 'Company registration extract' }).getByLabel(/^File/).setInputFiles(PDF_FILE('extract.pdf'));
  await page.getByRole('group', { name: 'Proof of address' }).getByLabel(/^File/).setInputFiles(PDF_FILE('bill.pdf'));
  // one identity document per representative/owner, named after the person
  await expect(page.getByRole('group', { name: /^Identity document of / })).toHaveCount(people.length);
  for (const [i, [first, last]] of people.entries()) {
    const id = page.getByRole('group', { name: `Identity document of ${first} ${last}` });
    await id.getByLabel('Document number').fill(`C01X00T4${7 + i}`);
    await id.getByLabel('Issuing country (ISO code)').fill('DE');
    await id.getByLabel('Expiry date').fill('2034-05-01');
    await id.getByLabel(/^File/).setInputFiles(PNG_FILE(`passport-${first.toLowerCase()}.png`));
    await expect(id.getByText(`Chosen: passport-${first.toLowerCase()}.png`)).toBeVisible();
  }
  await capture(page, people.length > 1 ? 'register-organization-documents-per-person' : 'register-organization-documents', async () => {
    await expect(page.getByRole('heading', { name: 'Step 5 of 8: Documents' })).toBeVisible();
  });
  await next(page);
  await expect(page.getByRole('heading', { name: 'Step 6 of 8: Consents' })).toBeVisible();
  await page.getByLabel('Terms and conditions accepted').check();
  await page.getByLabel('Privacy policy accepted').check();
  await page.getByLabel('Data processing consent').check();
  await capture(page, 'register-organization-consents', async () => {
    await expect(page.getByRole('heading', { name: 'Step 6 of 8: Consents' })).toBeVisible();
  });
  await next(page);
  await next(page);
  await expect(page.getByRole('heading', { name: 'Step 8 of 8: Review' })).toBeVisible();
  for (const [first, last] of people) await expect(page.getByTestId('review')).toContainText(`Identity document of ${first} ${last}Passport (passport-${first.toLowerCase()}.png)`);
  await page.getByRole('button', { name: 'Register organization' }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: legalName })).toBeVisible();
}

async function openCase(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review queue' }).click();
  await page.getByLabel('Cases', { exact: true }).selectOption('any');
  await page.getByRole('table', { name: 'Verification cases' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function decideDocument(page: Page, index: number, decision: 'Accept' | 'Reject', reason: string, comment?: string): Promise<void> {
  const doc = page.getByTestId('document').nth(index);
  await doc.getByRole('radio', { name: decision, exact: true }).check();
  await doc.getByLabel('Reason').selectOption({ label: reason });
  if (comment) await doc.getByLabel(/^Comment/).fill(comment);
  await doc.getByRole('button', { name: 'Save document decision' }).click();
  // accepting or rejecting a document is confirmed with a summary
  await page
    .getByRole('dialog', { name: /^(Accept|Reject) the document$/ })
    .getByRole('button', { name: /^(Accept|Reject) document$/ })
    .click();
  await expect(doc.locator('p').first()).toContainText(decision === 'Accept' ? 'Accepted' : 'Rejected');
}

test('an organization with documents and consents: the registrar cannot approve and sees why; a second officer claims, reviews each document, sees the risk, approves through the confirmation; the timeline names every actor', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const legalName = `Acme ${stamp} GmbH`;
  await signInPanel(page, tenantId);
  await registerOrganizationInWizard(page, legalName, `HRB-${stamp}`);

  // the registrar on the case: approve disabled, the reason shown before any input
  await openCase(page, legalName);
  const header = page.getByTestId('case-header');
  await expect(header).toContainText('Registered byOlga Owner');
  await expect(header).toContainText('Submitted byOlga Owner');
  await expect(page.getByTestId('approve-blocked')).toContainText('You registered this customer: another officer must review it (four-eyes rule).');
  await expect(page.getByRole('radio', { name: /^Approve/ })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /^Approve/ })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Claim case' })).toHaveCount(0);

  // a second officer, in a browser context of its own
  const officer = await officerPage(browser, page, `otto${stamp}`, 'Otto');
  await officer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review queue' }).click();
  const queue = officer.getByRole('table', { name: 'Verification cases' });
  const row = queue.getByRole('row').filter({ hasText: legalName });
  await expect(row).toContainText('Unassigned');
  await expect(row).toContainText('Medium risk');
  await expect(row).toContainText(/due in 4\d h/);
  await officer.getByLabel('Customer type').selectOption('ORGANIZATION');
  await officer.getByLabel('Risk').selectOption('MEDIUM');
  await expect(row).toBeVisible();
  await capture(officer, 'review-queue-compliance', async () => {
    await expect(row).toBeVisible();
  });
  await row.getByRole('link', { name: legalName }).click();
  await officer.getByRole('button', { name: 'Claim case' }).click();
  await expect(officer.getByTestId('case-header')).toContainText('Otto Officer (you)');
  // nothing preset: no decision chosen, the reason waits for the decision
  const decisionForm = officer.getByRole('form', { name: 'Decision' });
  for (const d of ['Approve', 'Reject', 'Request revision']) await expect(decisionForm.getByRole('radio', { name: new RegExp(`^${d}`) })).not.toBeChecked();
  await expect(officer.getByRole('form', { name: 'Decision' }).getByLabel('Reason')).toBeDisabled();
  await expect(officer.getByTestId('approve-blocked')).toContainText('3 document(s) still to accept or reject.');
  // the risk and its reasons
  await expect(officer.getByTestId('risk-reasons')).toContainText('organizations need business verification (KYB)');
  await expect(officer.getByTestId('risk-reasons')).toContainText('the customer category is rated medium risk');

  // each document in the viewer, with its metadata
  const passport = officer.getByTestId('document').nth(2);
  await expect(passport).toContainText('C01X00T47');
  await expect(passport).toContainText('2034-05-01');
  await expect(passport).toContainText(/Olga Owner, /);
  await expect(passport.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  const image = passport.getByRole('img', { name: /Passport of/ });
  await passport.getByRole('button', { name: 'Zoom in' }).click();
  await passport.getByRole('button', { name: 'Rotate' }).click();
  await expect(image).toHaveAttribute('data-zoom', '1.25');
  await expect(image).toHaveAttribute('data-rotation', '90');
  await expect(officer.getByTestId('document').first().locator('iframe')).toHaveAttribute('title', /Company registration extract of/);
  await decideDocument(officer, 0, 'Accept', 'Documents verified');
  await decideDocument(officer, 1, 'Accept', 'Documents verified');
  await decideDocument(officer, 2, 'Accept', 'Documents verified');
  await expect(officer.getByTestId('approve-blocked')).toHaveCount(0);
  await capture(officer, 'review-case-compliance', async () => {
    await expect(officer.getByTestId('requirements')).toContainText('Accepted');
  });

  // the decision: reasons follow it; the confirmation restates customer, decision, reason, documents
  const decision = officer.getByRole('form', { name: 'Decision' });
  await decision.getByRole('radio', { name: 'Approve', exact: true }).check();
  await expect(decision.getByLabel('Reason').locator('option')).toHaveText(['Choose a reason', 'Documents verified', 'Enhanced due diligence completed']);
  await decision.getByRole('button', { name: 'Review decision…' }).click();
  await expect(decision.getByLabel('Reason')).toHaveAccessibleDescription('choose a reason');
  await decision.getByLabel('Reason').selectOption({ label: 'Documents verified' });
  await decision.getByRole('button', { name: 'Review decision…' }).click();
  const confirm = officer.getByRole('dialog', { name: 'Confirm the decision' });
  await expect(confirm.getByTestId('confirm-summary')).toContainText(`Customer${legalName}`);
  await expect(confirm.getByTestId('confirm-summary')).toContainText('DecisionApprove');
  await expect(confirm.getByTestId('confirm-summary')).toContainText('ReasonDocuments verified');
  await expect(confirm.getByTestId('confirm-summary')).toContainText('Company registration extract: Accepted');
  await expect(confirm.getByTestId('confirm-summary')).toContainText('Proof of address: Accepted');
  await expect(confirm.getByTestId('confirm-summary')).toContainText('Passport of Rita Representative: Accepted');
  await capture(officer, 'review-confirm-dialog', async () => {
    await expect(confirm).toBeVisible();
  });
  await confirm.getByRole('button', { name: 'Confirm: Approve' }).click();
  await expect(officer.getByText(/^Approved: Documents verified/)).toBeVisible();

  // the timeline names every actor, and exports as CSV
  const timeline = officer.getByTestId('timeline');
  await expect(timeline).toContainText('Approved');
  const actors = await timeline.getByTestId('actor').allTextContents();
  expect(new Set(actors)).toEqual(new Set(['Olga Owner', 'Otto Officer']));
  await expect(timeline).toContainText('Otto Officer (Compliance officer)');
  await expect(timeline).toContainText('Olga Owner (Administrator)');
  const download = officer.waitForEvent('download');
  await officer.getByRole('link', { name: 'Export CSV' }).click();
  const chunks: Buffer[] = [];
  for await (const c of await (await download).createReadStream()) chunks.push(c as Buffer);
  const csv = Buffer.concat(chunks).toString('utf8').trim().split('\r\n');
  expect(csv[0]).toBe('time,event,action,actor,actor roles,actor id,entity type,entity id,changes');
  expect(csv.some((l) => l.includes(',Approved,VERIFICATION_APPROVE,Otto Officer,COMPLIANCE_OFFICER,'))).toBe(true);
  expect(csv.some((l) => l.includes(',Organization registered,ORGANIZATION_REGISTERED,Olga Owner,ADMIN_USER,'))).toBe(true);

  // the administrator's customer page: documents accepted, the timeline
  await page.getByRole('link', { name: 'Customer page' }).click();
  await expect(page.getByTestId('required-documents')).toContainText('Company registration extractAccepted');
  await expect(page.getByTestId('timeline').first()).toContainText('Otto Officer');
  await capture(page, 'customer-onboarding-panel', async () => {
    await expect(page.getByRole('heading', { name: 'Onboarding timeline' })).toBeVisible();
  });
  await officer.context().close();
});

test('approving with a pending document: the page says why, and the server refuses it (422)', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  await signInPanel(page, tenantId);
  const legalName = `Pending ${stamp} AG`;
  await registerOrganizationInWizard(page, legalName, `HRB-P${stamp}`);
  const officer = await officerPage(browser, page, `paula${stamp}`, 'Paula');
  await openCase(officer, legalName);
  await officer.getByRole('button', { name: 'Claim case' }).click();
  await decideDocument(officer, 0, 'Accept', 'Documents verified');
  await decideDocument(officer, 1, 'Accept', 'Documents verified');
  await expect(officer.getByTestId('approve-blocked')).toContainText('Identity document of Rita Representative: no accepted document yet.');
  await expect(officer.getByTestId('approve-blocked')).toContainText('1 document(s) still to accept or reject.');
  await expect(officer.getByRole('radio', { name: /^Approve/ })).toBeDisabled();
  // the rule does not live in the browser: the API refuses the same approval
  const verificationId = officer.url().split('/').pop()!;
  const refused = await officer.request.post(`/api/v2.1/verifications/${verificationId}/decision`, { headers: SAME_ORIGIN, data: { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' } });
  expect(refused.status()).toBe(422);
  const body = (await refused.json()) as { message: string; data: { error: string; unmetRequirements: { requirement: string }[]; undecidedDocuments: unknown[] } };
  expect(body.message).toBe('required documents not accepted');
  expect(body.data.error).toBe('REQUIRED_DOCUMENTS_NOT_ACCEPTED');
  expect(body.data.unmetRequirements.map((r) => r.requirement)).toEqual(['REPRESENTATIVE_IDENTITY']);
  expect(body.data.unmetRequirements.map((r) => (r as { representativeName?: string }).representativeName)).toEqual(['Rita Representative']);
  expect(body.data.undecidedDocuments).toHaveLength(1);
  await officer.context().close();
});

test("each representative/owner has an identity document of their own: the wizard asks one per person, the case says whose each is, and approval waits for every person's", async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  await signInPanel(page, tenantId);
  const legalName = `People ${stamp} AG`;
  await registerOrganizationInWizard(page, legalName, `HRB-Q${stamp}`, [
    ['Ada', 'Alpha', '60'],
    ['Bea', 'Beta', '40'],
  ]);
  const officer = await officerPage(browser, page, `quinn${stamp}`, 'Quinn');
  await openCase(officer, legalName);
  await officer.getByRole('button', { name: 'Claim case' }).click();
  const docs = officer.getByTestId('document');
  await expect(docs.nth(2)).toHaveAccessibleName('Passport of Ada Alpha');
  await expect(docs.nth(3)).toHaveAccessibleName('Passport of Bea Beta');
  await expect(docs.nth(3).locator('p').first()).toContainText('Passport of Bea Beta');
  await decideDocument(officer, 0, 'Accept', 'Documents verified');
  await decideDocument(officer, 1, 'Accept', 'Documents verified');
  await decideDocument(officer, 2, 'Accept', 'Documents verified');
  await decideDocument(officer, 3, 'Reject', 'Document unreadable', 'The photo page is blurred.');
  const blocked = officer.getByTestId('approve-blocked');
  await expect(blocked).toContainText('Identity document of Bea Beta: no accepted document yet.');
  await expect(blocked).not.toContainText('Ada Alpha');
  await expect(officer.getByRole('radio', { name: /^Approve/ })).toBeDisabled();
  await capture(officer, 'review-case-documents-per-person', async () => {
    await expect(blocked).toBeVisible();
  });
  // the server names the same person
  const verificationId = officer.url().split('/').pop()!;
  const refused = await officer.request.post(`/api/v2.1/verifications/${verificationId}/decision`, { headers: SAME_ORIGIN, data: { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' } });
  expect(refused.status()).toBe(422);
  const body = (await refused.json()) as { data: { unmetRequirements: { label: string; representativeName?: string }[] } };
  expect(body.data.unmetRequirements.map((r) => [r.label, r.representativeName])).toEqual([['Identity document of Bea Beta', 'Bea Beta']]);
  await officer.context().close();
});

test('the revision loop: the officer names the document to replace; the administrator uploads the replacement on the customer page; the case is back in the queue with its history', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  await signInPanel(page, tenantId);
  const legalName = `Revise ${stamp} KG`;
  await registerOrganizationInWizard(page, legalName, `HRB-R${stamp}`);
  const customerUrl = page.url();
  const officer = await officerPage(browser, page, `rene${stamp}`, 'Rene');
  await openCase(officer, legalName);
  await officer.getByRole('button', { name: 'Claim case' }).click();
  await decideDocument(officer, 1, 'Reject', 'Document unreadable', 'the bill is cut off');
  const decision = officer.getByRole('form', { name: 'Decision' });
  await decision.getByRole('radio', { name: 'Request revision' }).check();
  await decision.getByLabel('Reason').selectOption({ label: 'Document unreadable' });
  await decision.getByRole('button', { name: 'Review decision…' }).click();
  // a comment and the documents to replace are required
  await expect(decision.getByLabel('Comment (required)')).toHaveAccessibleDescription('a comment is required for this decision');
  await expect(decision.getByText('name the documents to replace or the required documents to provide')).toBeVisible();
  await decision.getByLabel(/^Replace: Proof of address/).check();
  await decision.getByLabel('Comment (required)').fill('Please upload a complete utility bill.');
  await decision.getByRole('button', { name: 'Review decision…' }).click();
  const confirm = officer.getByRole('dialog', { name: 'Confirm the decision' });
  await expect(confirm.getByTestId('confirm-summary')).toContainText('Proof of address: Rejected');
  await confirm.getByRole('button', { name: 'Confirm: Request revision' }).click();
  await expect(officer.getByText(/^Revision requested: Document unreadable/)).toBeVisible();

  // the administrator sees what is asked on the customer page and uploads the replacement
  await page.goto(customerUrl);
  const request = page.getByTestId('revision-request');
  await expect(request).toContainText('Revision requested by Rene Officer');
  await expect(request).toContainText('Please upload a complete utility bill.');
  await expect(request).toContainText('Replace: Proof of address');
  await capture(page, 'customer-revision-request', async () => {
    await expect(request).toBeVisible();
  });
  const upload = page.getByRole('form', { name: 'Replacement for Proof of address' });
  await upload.getByLabel(/^File/).setInputFiles(PDF_FILE('full-bill.pdf'));
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded: the case is back in the review queue' })).toBeVisible();
  await expect(page.getByTestId('revision-request')).toHaveCount(0);

  // back in the queue, unassigned, its history kept
  await officer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review queue' }).click();
  await officer.getByLabel('Cases', { exact: true }).selectOption('unassigned');
  const row = officer.getByRole('table', { name: 'Verification cases' }).getByRole('row').filter({ hasText: legalName });
  await expect(row).toContainText('Waiting for review');
  await row.getByRole('link', { name: legalName }).click();
  const timeline = officer.getByTestId('timeline');
  for (const label of ['Revision requested', 'Document rejected', 'Document replaced', 'Revision answered: back in the queue']) await expect(timeline).toContainText(label);
  await expect(officer.getByTestId('document').filter({ hasText: 'Replaced' })).toHaveCount(1);
  await officer.context().close();
});

/** Approves the open case through the decision form and its confirmation dialog. */
async function approveThroughConfirmation(page: Page, approvalsLine: string): Promise<void> {
  const decision = page.getByRole('form', { name: 'Decision' });
  await decision.getByRole('radio', { name: 'Approve', exact: true }).check();
  await decision.getByLabel('Reason').selectOption({ label: 'Documents verified' });
  await decision.getByRole('button', { name: 'Review decision…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the decision' });
  await expect(confirm.getByTestId('confirm-summary')).toContainText(approvalsLine);
  await confirm.getByRole('button', { name: 'Confirm: Approve' }).click();
  await expect(confirm).toBeHidden();
}

test('review settings: an officer sees them read-only; the administrator turns on two approvals after a confirmation; an organization then needs two officers; the customer page opens its documents in the viewer', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  await signInPanel(page, tenantId);
  const anna = await officerPage(browser, page, `anna${stamp}`, 'Anna');
  const bert = await officerPage(browser, page, `bert${stamp}`, 'Bert');

  // an officer reaches the settings from the navigation and may only read them
  await anna.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review settings' }).click();
  await expect(anna.getByRole('heading', { level: 1, name: 'Review settings' })).toBeVisible();
  await expect(anna.getByText('Only an administrator can change these settings.')).toBeVisible();
  await expect(anna.getByRole('checkbox')).toHaveCount(0);
  await expect(anna.getByRole('listitem').filter({ hasText: 'Organizations need two approvals' })).toContainText('Off');
  await capture(anna, 'review-settings-read-only', async () => {
    await expect(anna.getByText('Only an administrator can change these settings.')).toBeVisible();
  });

  // the administrator changes them: a confirmation says what changes, a toast says it is done
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review settings' }).click();
  const organizations = page.getByRole('checkbox', { name: 'Organizations need two approvals' });
  await expect(organizations).not.toBeChecked();
  await expect(organizations).toHaveAccessibleDescription('Every organization (KYB) case is approved only after two different officers approved it.');
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  await organizations.check();
  await capture(page, 'review-settings', async () => {
    await expect(organizations).toBeChecked();
  });
  await page.getByRole('button', { name: 'Save settings' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change the review settings?' });
  await expect(confirm).toContainText('Organization cases will need a second approval by a different officer.');
  await expect(confirm).not.toContainText('High-risk');
  await capture(page, 'review-settings-confirm', async () => {
    await expect(confirm).toBeVisible();
  });
  await confirm.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Review settings saved' })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No unsaved changes.')).toBeVisible();
  await expect(organizations).toBeChecked();
  // what the server now holds, and the officer's view follows it
  expect((await (await page.request.get('/api/v2.1/verification-settings')).json()).data).toEqual({ twoApprovalsForOrganizations: true, twoApprovalsForHighRisk: false });
  await anna.reload();
  await expect(anna.getByRole('listitem').filter({ hasText: 'Organizations need two approvals' })).toContainText('On');

  // an organization now needs two officers
  const legalName = `Twice ${stamp} SE`;
  await registerOrganizationInWizard(page, legalName, `HRB-T${stamp}`);
  const customerUrl = page.url();
  await openCase(anna, legalName);
  await expect(anna.getByTestId('case-header')).toContainText('Two, by different officers: 0 of 2 approvals');
  await anna.getByRole('button', { name: 'Claim case' }).click();
  for (const i of [0, 1, 2]) await decideDocument(anna, i, 'Accept', 'Documents verified');
  await approveThroughConfirmation(anna, 'First of two approvals: a second officer must approve');
  await expect(anna.getByRole('status').filter({ hasText: 'First approval recorded (1 of 2 approvals): a second officer must approve' })).toBeVisible();
  await expect(anna.getByTestId('case-header')).toContainText('1 of 2 approvals (first given by Anna Officer)');
  await expect(anna.getByTestId('approve-blocked')).toContainText('You gave the first approval: a second, different officer must approve.');
  await expect(anna.getByRole('radio', { name: /^Approve/ })).toBeDisabled();
  await capture(anna, 'review-case-first-approval', async () => {
    await expect(anna.getByTestId('case-header')).toContainText('1 of 2 approvals');
  });

  // the second officer finds it back in the queue, marked, and gives the approval that activates it
  await bert.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review queue' }).click();
  const row = bert.getByRole('table', { name: 'Verification cases' }).getByRole('row').filter({ hasText: legalName });
  await expect(row).toContainText('Waiting for review');
  await expect(row).toContainText('1 of 2 approvals');
  await row.getByRole('link', { name: legalName }).click();
  await expect(bert.getByRole('heading', { level: 1, name: legalName })).toBeVisible();
  await bert.getByRole('button', { name: 'Claim case' }).click();
  await expect(bert.getByTestId('case-header')).toContainText('Bert Officer (you)');
  await approveThroughConfirmation(bert, 'Second approval (first by Anna Officer)');
  await expect(bert.getByText(/^Approved: Documents verified/)).toBeVisible();
  await expect(bert.getByTestId('case-header')).toContainText('2 of 2 approvals');
  const timeline = bert.getByTestId('timeline');
  await expect(timeline).toContainText('First approval (second approval required)');
  await expect(timeline).toContainText('status: in review → waiting for review; assignee: Anna Officer → nobody; reason: Documents verified');
  await expect(timeline).toContainText('status: in review → approved; reason: Documents verified');
  await expect(timeline).toContainText('status: waiting for review → in review; assignee: nobody → Bert Officer');
  await expect(timeline).not.toContainText('assignee: nobody → Bert Officer; reason');
  await expect(timeline).not.toContainText('{');

  // the customer page opens each document in the same viewer, with its metadata
  await page.goto(customerUrl);
  const documents = page.getByTestId('customer-documents');
  await documents.getByRole('button', { name: `View Passport of ${legalName}` }).click();
  const viewer = page.getByRole('dialog', { name: `Passport of ${legalName}` });
  await expect(viewer).toContainText('C01X00T47');
  await expect(viewer).toContainText('2034-05-01');
  await expect(viewer).toContainText(/Olga Owner, /);
  await expect(viewer.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expect(viewer).toContainText('Accepted by Anna Officer');
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await viewer.getByRole('button', { name: 'Rotate' }).click();
  const image = viewer.getByRole('img', { name: `Passport of ${legalName}` });
  await expect(image).toHaveAttribute('data-zoom', '1.25');
  await expect(image).toHaveAttribute('data-rotation', '90');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await capture(page, 'customer-document-viewer', async () => {
    await expect(viewer).toBeVisible();
  });
  await viewer.getByRole('button', { name: 'Close' }).click();
  await documents.getByRole('button', { name: `View Company registration extract of ${legalName}` }).click();
  await expect(page.getByRole('dialog', { name: `Company registration extract of ${legalName}` }).locator('iframe')).toHaveAttribute('title', `Company registration extract of ${legalName}`);

  // back to one approval for the rest of the tenant's journeys
  const reset = await page.request.patch('/api/v2.1/verification-settings', { headers: SAME_ORIGIN, data: { twoApprovalsForOrganizations: false } });
  expect(reset.status()).toBe(200);
  await anna.context().close();
  await bert.context().close();
});
