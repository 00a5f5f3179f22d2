import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEFAULT_AML_MATCH_THRESHOLD } from '@/lib/contract/aml';
import { WIDTHS, checkScreen, signInPanel, viewportOf } from '../browser-helpers';
import { individualRegistrationBody, platformAuth } from '../fixtures';
import { APPROVER_PASSWORD, CUSTOMER_PASSWORD, activeIndividual, context, ok, openNav, staffTenant, unfoldSections, type StaffTenant } from '../money-world';

/**
 * The AML screens in Chromium (docs/admin-app.md, "AML screens"), each journey at 1280 and at 375 px
 * in a tenant of its own:
 * 1. An administrator creates a list, sees a malformed file refused by line and field, imports our
 *    own CSV; a customer matching an entry is registered; a compliance officer finds the alert in the
 *    queue, compares subject and entry side by side with the explanation, decides it through the
 *    confirmation and sees it in the timeline; the customer page and the ad hoc search show the same.
 * 2. An administrator creates a HOLD rule (at or above 500); a 600 EUR payout is held; its page says
 *    "Held for AML review" and links to the alert; officer A proposes the release, officer B (a second
 *    browser context) confirms it; the transfer is Completed.
 * Every AML screen is axe-scanned once per width and photographed (test-results/screenshots).
 */

/** A link of the main navigation (behind the Menu button below 768 px). */
async function go(page: Page, link: string): Promise<void> {
  await (await openNav(page)).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
}

/** A second compliance officer in a browser context of its own, at the journey's width. */
async function officerPage(browser: Browser, request: APIRequestContext, staff: StaffTenant, width: number, username: string, firstName: string): Promise<Page> {
  if (username !== staff.officerName) {
    await ok(
      await request.post('/api/v2.1/admin/users', {
        headers: staff.auth,
        data: { username, email: `${username}@bank.example`, password: APPROVER_PASSWORD, firstName, lastName: 'Officer', roles: ['COMPLIANCE_OFFICER'] },
      }),
    );
  }
  const ctx = await browser.newContext({ viewport: viewportOf(width) });
  const page = await ctx.newPage();
  await signInPanel(page, staff.tenantId, username, APPROVER_PASSWORD);
  return page;
}

/** Our own CSV layout (docs/aml-lists.md), invented names only. */
const LIST_CSV = [
  'id,name,aliases,type,birth_date,countries,program,remarks',
  'BL-1,Viktor Hallstrand,Viktor Halstrand|Виктор Халлстранд,person,1990,SE,FRAUD,Invented for the browser spec',
  'BL-2,Marlowe Shipping Holdings Ltd,,organization,,MT,SANCTIONS-EVASION,',
  'BL-3,Oksana Deribaska,,person,1968,UA,PEP,',
].join('\n');
const BAD_CSV = 'id,name,aliases,type,birth_date,countries,program,remarks\nX1,Good Name,,person,,,,\nX2,Bad Type,,robot,,,,\n';

for (const width of WIDTHS) {
  test.describe(`AML at ${width} px`, () => {
    test.describe.configure({ timeout: 240_000 });
    test.use({ viewport: viewportOf(width) });

    test('an officer imports a list, a new customer matching an entry raises an alert, an officer compares subject and entry and decides it', async ({ page, browser, request }) => {
      const staff = await staffTenant(request, `AML lists ${width}`);
      const dir = mkdtempSync(path.join(tmpdir(), 'aml-spec-'));
      writeFileSync(path.join(dir, 'blocklist.csv'), LIST_CSV);
      writeFileSync(path.join(dir, 'broken.csv'), BAD_CSV);

      // the platform operator's list, screened for every tenant (an invented name nobody registers)
      const platformName = `Platform sanctions ${width} ${Date.now().toString(36)}`;
      const platformList = await ok<{ id: string }>(
        await request.post('/api/v2.1/platform/aml/lists', {
          headers: { ...platformAuth, 'Idempotency-Key': `aml-platform-${width}-${Date.now().toString(36)}` },
          data: { name: platformName, kind: 'SANCTIONS', format: 'OWN_CSV' },
        }),
      );
      const platformCsv = 'id,name,aliases,type,birth_date,countries,program,remarks\nP-1,Zebulon Quarrington-Vask,,person,1951,NZ,TEST,\n';
      await ok(
        await request.post(`/api/v2.1/platform/aml/lists/${platformList.id}/versions`, {
          headers: platformAuth,
          data: { main: { fileName: 'platform.csv', content: Buffer.from(platformCsv).toString('base64') } },
        }),
      );

      // the administrator: a new list, a refused file, then the real one
      await signInPanel(page, staff.tenantId);
      await go(page, 'AML lists');
      await page.getByRole('button', { name: 'New list' }).click();
      const create = page.getByRole('dialog', { name: 'New list' });
      await create.getByLabel('Name').fill('Internal blocklist');
      await expect(create.getByLabel('Kind')).toHaveValue('INTERNAL');
      await create.getByLabel('File format').selectOption({ label: 'Our own CSV (id, name, aliases, type, birth_date, countries, program, remarks)' });
      await create.getByRole('button', { name: 'Create list' }).click();
      await expect(create).toBeHidden();
      const upload = page.getByRole('dialog', { name: 'Import a new version of Internal blocklist' });
      await expect(upload).toContainText('This becomes version 1.');
      await upload.getByLabel('List file').setInputFiles(path.join(dir, 'broken.csv'));
      await upload.getByRole('button', { name: 'Import version' }).click();
      await expect(upload.getByRole('alert')).toHaveText(/^The file broken\.csv was refused at line 3, field “type”: .+\. Nothing was imported\.$/);
      await checkScreen(page, 'list-import-refused');
      await upload.getByLabel('List file').setInputFiles(path.join(dir, 'blocklist.csv'));
      await upload.getByRole('button', { name: 'Import version' }).click();
      await expect(upload).toBeHidden();
      const list = page.getByTestId('aml-list').filter({ hasText: 'Internal blocklist' });
      await expect(list).toContainText('Our own list');
      await expect(list.getByTestId('version-summary')).toContainText('Version 1 · 3 entries, 5 names · 3 added, 0 changed, 0 removed · imported by Olga Owner');
      // the platform's list is read-only here
      const platform = page.getByTestId('aml-list').filter({ hasText: platformName });
      await expect(platform).toContainText('Platform list');
      await expect(platform.getByTestId('version-summary')).toContainText('Version 1 · 1 entry, 1 name · 1 added, 0 changed, 0 removed · imported by Platform operator');
      await expect(platform.getByRole('button')).toHaveCount(0);
      await expect(page.getByTestId('match-threshold')).toHaveText(DEFAULT_AML_MATCH_THRESHOLD);
      await checkScreen(page, 'lists');

      await list.getByRole('link', { name: 'Internal blocklist' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Internal blocklist' })).toBeVisible();
      await expect(page.getByTestId('version-difference')).toContainText('AddedViktor Hallstrand');
      await page.getByLabel('Name, alias or entry id').fill('Halstrand');
      await page.getByRole('search', { name: 'Search the entries' }).getByRole('button', { name: 'Search' }).click();
      await expect(page.getByTestId('entry-row')).toHaveCount(1);
      await page.getByTestId('entry-row').locator('summary', { hasText: 'Viktor Hallstrand' }).click();
      await expect(page.getByTestId('entry-row')).toContainText('Also known as');
      await checkScreen(page, 'list');

      // a new customer whose name is on the list: screened at registration
      const hierarchy = await ok<{ categories: { id: string; code: string }[] }>(
        await request.get(`/api/v2.1/categorization/hierarchy/${staff.tenantId}`, { headers: context(staff.tenantId) }),
      );
      const categoryId = hierarchy.categories.find((c) => c.code === 'RETAIL_STANDARD')!.id;
      const registered = await ok<{ customerId: string }>(
        await request.post('/api/v2.1/customer/individual/registration', {
          headers: { ...context(staff.tenantId), ...staff.auth },
          data: individualRegistrationBody({
            email: `viktor.${width}.${Date.now().toString(36)}@customer.example`,
            password: CUSTOMER_PASSWORD,
            categoryId,
            firstName: 'Viktor',
            lastName: 'Hallstrand',
          }),
        }),
      );

      // the officer: the queue, the alert, the comparison, the decision
      const officer = await officerPage(browser, request, staff, width, staff.officerName, 'Otto');
      await go(officer, 'AML alerts');
      await expect(officer.getByLabel('Status')).toHaveValue('ACTIVE');
      const row = officer.getByTestId('alert-row').filter({ hasText: 'Viktor Hallstrand' });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Screening hit');
      await expect(row).toContainText('Viktor Hallstrand ↔ Viktor Hallstrand (Internal blocklist)');
      await expect(row).toContainText('Unassigned');
      await expect(row.getByTestId('alert-age')).toHaveText('under 1 h ago');
      await expect(officer.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/v2.1/aml/alerts/export?status=ACTIVE&sort=-createdAt');
      const csv = await officer.request.get('/api/v2.1/aml/alerts/export?status=ACTIVE&sort=-createdAt');
      expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
      expect(await csv.text()).toContain('Viktor Hallstrand');
      await checkScreen(officer, 'alerts');
      await row.getByRole('button', { name: 'Claim the alert on Viktor Hallstrand' }).click();
      await expect(row).toContainText('Otto Officer (you)');
      await row.getByRole('link', { name: 'Screening hit' }).click();
      await expect(officer.getByRole('heading', { level: 1, name: 'Screening hit: Viktor Hallstrand' })).toBeVisible();

      const subject = officer.getByTestId('alert-subject');
      await expect(subject).toContainText('Viktor Hallstrand');
      await expect(subject).toContainText('1990-04-21');
      await expect(subject).toContainText('Person');
      const entry = officer.getByTestId('alert-entry');
      await expect(entry).toContainText('BL-1');
      await expect(entry).toContainText('Viktor Halstrand Also known as');
      await expect(entry).toContainText('Sweden (SE)');
      await expect(entry).toContainText('FRAUD');
      const why = officer.getByTestId('match-explanation');
      await expect(why.getByTestId('match-tokens')).toContainText('similarity 1.00');
      await expect(why.getByTestId('match-contributions')).toContainText('Name');
      await expect(why.getByTestId('match-contributions')).toContainText('Date of birth');
      await expect(why.getByTestId('match-contributions')).toContainText('born 1990');
      await expect(officer.getByTestId('assignment')).toContainText('Assigned to Otto Officer (you)');

      // the review case: its approval gate names the open alert and lists it
      await officer.getByRole('link', { name: 'Review case' }).click();
      await expect(officer.getByTestId('approve-blocked')).toContainText(
        'A sanctions or PEP screening alert of this customer is still open: an officer must decide it first (false positive, or a cleared match). See the AML alerts',
      );
      const caseAml = officer.getByRole('region', { name: 'AML screening' });
      await expect(caseAml.getByTestId('customer-aml-alerts')).toContainText('In review');
      await checkScreen(officer, 'review-case');
      await caseAml.getByRole('link', { name: 'Screening hit' }).click();
      await expect(officer.getByRole('heading', { level: 1, name: 'Screening hit: Viktor Hallstrand' })).toBeVisible();

      // nothing chosen: the form names what is missing; the reasons follow the decision
      const decision = officer.getByRole('form', { name: 'Decision' });
      await decision.getByRole('button', { name: 'Review decision…' }).click();
      await expect(decision.getByLabel('Decision')).toHaveAccessibleDescription('choose a decision');
      await decision.getByLabel('Decision').selectOption({ label: 'False positive' });
      // a field's error goes once the field is changed
      await expect(decision.getByText('choose a decision', { exact: true })).toHaveCount(0);
      await expect(officer.getByTestId('decision-effect')).toContainText('False positive: the alert is closed');
      await expect(decision.getByLabel('Reason').locator('option')).toHaveText([
        'Choose a reason',
        'Only the name is similar',
        'Different date of birth',
        'Different nationality or country',
        'Not the same kind of party',
        'The customer explained the activity',
        "Consistent with the customer's expected activity",
        'Other (explained in the comment)',
      ]);
      await decision.getByLabel('Reason').selectOption({ label: 'Different nationality or country' });
      await decision.getByLabel('Comment (required)').fill('A British citizen born in London; the entry is Swedish.');
      await checkScreen(officer, 'alert-screening');
      await decision.getByRole('button', { name: 'Review decision…' }).click();
      const confirm = officer.getByRole('dialog', { name: 'Confirm the decision' });
      await expect(confirm.getByTestId('confirm-effect')).toContainText("the customer's review case can be approved");
      await expect(confirm.getByTestId('confirm-summary')).toContainText('ReasonDifferent nationality or country');
      await checkScreen(officer, 'decision-confirm');
      const decided = officer.waitForResponse((r) => r.url().endsWith('/decisions') && r.request().method() === 'POST');
      await confirm.getByRole('button', { name: 'Confirm: False positive' }).click();
      expect((await decided).status()).toBe(200);
      await expect(confirm).toBeHidden();
      await expect(officer.getByTestId('alert-status')).toHaveText('False positive');
      const timeline = officer.getByTestId('alert-timeline');
      await expect(timeline.getByRole('listitem')).toHaveCount(3);
      await expect(timeline.getByRole('listitem').nth(0)).toContainText('System · Raised the alert');
      await expect(timeline.getByRole('listitem').nth(0)).toContainText('Score 1.00 against “Viktor Hallstrand”');
      await expect(timeline.getByRole('listitem').nth(1)).toContainText('Otto Officer · Assigned the alert');
      await expect(timeline.getByRole('listitem').nth(2)).toContainText('Otto Officer · Decided: False positive');
      await expect(timeline.getByRole('listitem').nth(2)).toContainText('Reason: Different nationality or country');
      await expect(timeline.getByRole('listitem').nth(2)).toContainText('A British citizen born in London');
      await expect(officer.getByTestId('decision-blocked')).toHaveText('The alert is decided; nothing is left to do.');

      // the customer 360: its alerts and screenings, and a screening on demand
      await officer.getByRole('link', { name: 'Customer: Viktor Hallstrand' }).click();
      await expect(officer).toHaveURL(new RegExp(`/customers/${registered.customerId}$`));
      await unfoldSections(officer);
      const aml = officer.getByRole('region', { name: 'AML screening' });
      await expect(aml.getByTestId('customer-aml-alerts')).toContainText('False positive');
      await expect(aml.getByTestId('customer-screenings')).toContainText('At registration');
      await aml.getByRole('button', { name: 'Screen now' }).click();
      await expect(aml.getByTestId('screening-result')).toHaveText(/Screened just now: 1 subject, 1 hit, 0 new alerts\./);
      await expect(aml.getByTestId('customer-screenings').getByRole('listitem')).toHaveCount(2);
      await checkScreen(officer, 'customer');

      // the ad hoc search explains a hit the same way
      await go(officer, 'AML search');
      await officer.getByLabel('Name').fill('Halstrand Viktor');
      await officer.getByLabel('Type').selectOption({ label: 'Person' });
      await officer.getByLabel('Date or year of birth (optional)').fill('1990-03-02');
      await officer.getByLabel('Countries (optional)').selectOption({ label: 'Sweden (SE)' });
      await expect(officer.getByRole('list', { name: 'Countries (optional): chosen' })).toContainText('Sweden (SE)');
      await officer.getByRole('form', { name: 'Search the lists' }).getByRole('button', { name: 'Search' }).click();
      const hit = officer.getByTestId('search-hits').getByRole('listitem', { name: 'Hit 1: Viktor Hallstrand' });
      await expect(hit).toBeVisible();
      await expect(hit.getByTestId('match-contributions')).toContainText('Country');
      await expect(officer.getByTestId('searched-lists')).toContainText('Internal blocklist (version 1, 5 names)');
      await checkScreen(officer, 'search');
      await officer.context().close();
    });

    test('a HOLD rule holds a payout; officer A proposes the release, officer B confirms it; the transfer posts', async ({ page, browser, request }) => {
      const staff = await staffTenant(request, `AML rules ${width}`);
      const { customerId } = await activeIndividual(request, staff, { firstName: 'Greta', lastName: 'Lindqvist' });
      const wallet = await ok<{ id: string }>(await request.post('/api/v2.1/wallets', { headers: staff.auth, data: { customerId, currency: 'EUR', name: 'Main account' } }));
      await ok(await request.post(`/api/v2.1/wallets/${wallet.id}/sandbox/fund`, { headers: staff.auth, data: { amount: '2000.00', currency: 'EUR' } }));
      const payee = await ok<{ id: string }>(
        await request.post('/api/v2.1/beneficiaries', {
          headers: staff.auth,
          data: { customerId, name: 'Northwind Traders', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', country: 'DE' },
        }),
      );
      const consent = await ok<{ id: string }>(
        await request.post('/api/v2.1/payment-consents', {
          headers: staff.auth,
          data: { walletId: wallet.id, scope: 'RECURRING_PAYMENTS', maxAmountPerPayment: '5000', currency: 'EUR', expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
        }),
      );

      // the administrator: a rule from its type, prefilled, changed to HOLD at 500
      await signInPanel(page, staff.tenantId);
      await go(page, 'AML rules');
      await page.getByLabel('Rule type').selectOption({ label: 'Large single transfer' });
      await page.getByRole('button', { name: 'New rule' }).click();
      const form = page.getByRole('dialog', { name: 'New rule: Large single transfer' });
      await expect(form.getByLabel('Name')).toHaveValue('Large single transfer');
      await expect(form.getByLabel('Amount at or above')).toHaveValue('10000');
      await form.getByLabel('Amount at or above').fill('-5');
      await form.getByRole('button', { name: 'Create rule' }).click();
      await expect(form.getByLabel('Amount at or above')).toHaveAccessibleDescription('must be a positive amount with at most 4 decimals');
      await checkScreen(page, 'rule-form');
      await form.getByLabel('Name').fill('Hold at 500');
      await form.getByLabel('Amount at or above').fill('500');
      await form.getByLabel('When it fires').selectOption('HOLD');
      await form.getByRole('button', { name: 'Create rule' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Hold at 500' })).toBeVisible();
      await expect(page.getByTestId('rule-params')).toContainText('Amount at or above: 500');
      await expect(page.getByTestId('rule-params')).toContainText('Currency: every currency');
      await expect(page.getByTestId('rule-versions')).toContainText('Version 1');
      await expect(page.getByTestId('rule-versions')).toContainText('by Olga Owner');
      await page.getByRole('button', { name: 'Change rule' }).click();
      const change = page.getByRole('dialog', { name: 'Change “Hold at 500”' });
      await expect(change).toContainText('Saving a change creates version 2');
      await change.getByRole('button', { name: 'Cancel' }).click();
      await expect(change).toBeHidden();
      await page.getByRole('button', { name: 'Run back-test' }).click();
      await expect(page.getByTestId('backtest-result')).toContainText('0 of 0 transfers would have fired');
      await checkScreen(page, 'rule');
      await go(page, 'AML rules');
      const ruleRow = page.getByTestId('rule-row').filter({ hasText: 'Hold at 500' });
      await expect(ruleRow).toContainText('Hold the transfer for review');
      await expect(ruleRow.getByTestId('rule-state')).toHaveText('On');
      await checkScreen(page, 'rules');

      // a payout above it is held: nothing posts
      const held = await ok<{ id: string; status: string }>(
        await request.post('/api/v2.1/transfers', {
          headers: { ...staff.auth, 'Idempotency-Key': `aml-e2e-${width}-${Date.now()}` },
          data: { walletId: wallet.id, beneficiary: { id: payee.id }, amount: '600.00', currency: 'EUR', reference: 'Invoice 77', paymentConsentId: consent.id },
        }),
      );
      expect(held.status).toBe('HELD_FOR_REVIEW');
      await page.goto(`/transfers/${held.id}`);
      await expect(page.getByTestId('transfer-status')).toHaveText('Held for AML review');
      const banner = page.getByTestId('held-for-review');
      await expect(banner).toContainText('Held for AML review');
      await expect(banner.getByRole('link', { name: 'Open its AML alert (Hold at 500)' })).toBeVisible();
      await checkScreen(page, 'transfer-held');

      // the administrator reads the alert (and may not decide it) and assigns it to officer A
      await banner.getByRole('link', { name: 'Open its AML alert (Hold at 500)' }).click();
      await expect(page.getByTestId('decision-blocked')).toHaveText('Only compliance officers decide alerts.');
      await expect(page.getByTestId('assignment')).toContainText('Nobody has claimed it yet.');
      await page.getByLabel('Assign to an officer').selectOption({ label: 'Otto Officer' });
      await page.getByRole('button', { name: 'Assign', exact: true }).click();
      await expect(page.getByTestId('assignment')).toContainText('Assigned to Otto Officer');
      await page.goBack();

      // officer A proposes the release from the transfer's own link
      const otto = await officerPage(browser, request, staff, width, staff.officerName, 'Otto');
      await otto.goto(`/transfers/${held.id}`);
      await otto.getByRole('link', { name: 'Open its AML alert (Hold at 500)' }).click();
      await expect(otto.getByRole('heading', { level: 1, name: 'Transaction monitoring: Greta Lindqvist' })).toBeVisible();
      const firings = otto.getByTestId('alert-firings');
      await expect(firings).toContainText('Hold at 500');
      await expect(firings).toContainText('Hold the transfer for review');
      await expect(firings).toContainText('600.00 EUR is at least 500.00 EUR');
      await expect(otto.getByTestId('alert-transfer')).toContainText('600.00 EUR');
      await expect(otto.getByTestId('alert-transfer')).toContainText('Northwind Traders');
      await expect(otto.getByTestId('alert-transfer')).toContainText('Held for AML review');
      await expect(otto.getByTestId('assignment')).toContainText('Assigned to Otto Officer (you)');
      const ottoDecision = otto.getByRole('form', { name: 'Decision' });
      await ottoDecision.getByLabel('Decision').selectOption({ label: 'Release the transfer' });
      await ottoDecision.getByLabel('Reason').selectOption({ label: 'The customer explained the activity' });
      await ottoDecision.getByLabel('Comment (required)').fill('Invoice 77 seen; the supplier is known.');
      await checkScreen(otto, 'alert-transaction');
      await ottoDecision.getByRole('button', { name: 'Review decision…' }).click();
      const ottoConfirm = otto.getByRole('dialog', { name: 'Confirm the decision' });
      await expect(ottoConfirm.getByTestId('confirm-effect')).toHaveText('Release: a second officer must confirm; the transfer then posts.');
      await ottoConfirm.getByRole('button', { name: 'Confirm: Release the transfer' }).click();
      await expect(ottoConfirm).toBeHidden();
      await expect(otto.getByTestId('pending-proposal')).toContainText('Otto Officer proposed: release the transfer.');
      await expect(otto.getByTestId('decision-blocked')).toHaveText('You proposed this decision: a second, different officer must confirm or decline it (four-eyes).');
      await expect(otto.getByTestId('alert-transfer')).toContainText('Held for AML review');

      // officer B, in a second browser context, confirms it: the transfer posts now
      const bert = await officerPage(browser, request, staff, width, `bert${Date.now().toString(36)}`, 'Bert');
      await go(bert, 'AML alerts');
      const row = bert.getByTestId('alert-row').filter({ hasText: 'Greta Lindqvist' });
      await expect(row).toContainText('Waiting for a second officer');
      await row.getByRole('link', { name: 'Transaction monitoring' }).click();
      await expect(bert.getByTestId('pending-proposal')).toContainText('Otto Officer proposed: release the transfer.');
      const bertDecision = bert.getByRole('form', { name: 'Decision' });
      await expect(bertDecision.getByLabel('Decision').locator('option')).toHaveText(['Choose a decision', 'Release the transfer', 'Decline the proposal']);
      await bertDecision.getByLabel('Decision').selectOption({ label: 'Release the transfer' });
      await bertDecision.getByLabel('Reason').selectOption({ label: "Consistent with the customer's expected activity" });
      await bertDecision.getByLabel('Comment (required)').fill('Agreed: a regular supplier.');
      await bertDecision.getByRole('button', { name: 'Review decision…' }).click();
      const bertConfirm = bert.getByRole('dialog', { name: 'Confirm the decision' });
      await expect(bertConfirm.getByTestId('confirm-effect')).toHaveText("You confirm Otto Officer's proposal: the transfer posts now.");
      await bertConfirm.getByRole('button', { name: 'Confirm: Release the transfer' }).click();
      await expect(bertConfirm).toBeHidden();
      await expect(bert.getByTestId('alert-status')).toHaveText('Transfer released');
      await expect(bert.getByTestId('alert-transfer')).toContainText('Completed');
      const steps = bert.getByTestId('alert-timeline').getByRole('listitem');
      await expect(steps.nth(1)).toContainText('Olga Owner · Assigned the alert');
      await expect(steps.nth(1)).toContainText('To Otto Officer');
      await expect(steps.nth(2)).toContainText('Otto Officer · Proposed: Release the transfer');
      await expect(steps.nth(3)).toContainText('Bert Officer · Decided: Release the transfer');
      await expect(steps.nth(4)).toContainText('System · Carried out the decision');
      await expect(steps.nth(4)).toContainText('The transfer posted');
      await bert.getByTestId('alert-transfer').getByRole('link', { name: 'Open the transfer' }).click();
      await expect(bert.getByTestId('transfer-status')).toHaveText('Completed');
      await expect(bert.getByTestId('held-for-review')).toHaveCount(0);

      await page.reload();
      await expect(page.getByTestId('transfer-status')).toHaveText('Completed');
      await otto.context().close();
      await bert.context().close();
    });
  });
}
