import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { checkScreen, signInPanel, VIEWPORTS } from '../browser-helpers';
import { pngImage } from '../browser-files';
import { E2E_BASE_URL, individualRegistrationBody } from '../fixtures';
import { APPROVER_PASSWORD, CUSTOMER_PASSWORD, activeIndividual, context, ok, staffTenant, type StaffTenant } from '../money-world';

/**
 * Nothing surprising on the review and money screens, at 1280 and at 375 px (issue 30):
 * - the registrar of a case sees reject, revision and the document decisions disabled with the
 *   reason, as approve already was, and the server still refuses them;
 * - a document zoomed to 300 % and rotated 90° can be scrolled to each of its edges (mouse wheel,
 *   keyboard), and its file carries a name that says what and whose it is;
 * - accepting a document, activating a customer and a wallet-to-wallet transfer each ask first,
 *   with a summary; cancelling changes nothing;
 * - a payout refused for want of the customer's payment consent: the consent is recorded in the
 *   form itself, chosen at once, and nothing typed is lost.
 */

/** page.request carries the panel cookie but not the Origin a page's fetch sends; the same-origin rule (docs/edge.md) wants it. */
const SAME_ORIGIN = { origin: E2E_BASE_URL };

// each test registers its own customer: independent, so a failure shows alone
let staff: StaffTenant;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  staff = await staffTenant(request, 'Careful steps');
});

/** An individual registered by the owner (the registrar) with a 400 x 240 passport scan; its case. */
async function registered(request: APIRequestContext, lastName: string) {
  const hierarchy = await ok<{ categories: Array<{ id: string; code: string }> }>(
    await request.get(`/api/v2.1/categorization/hierarchy/${staff.tenantId}`, { headers: context(staff.tenantId) }),
  );
  const categoryId = hierarchy.categories.find((c) => c.code === 'RETAIL_STANDARD')!.id;
  const email = `grace.${lastName.toLowerCase()}.${Date.now().toString(36)}@customer.example`;
  const registration = await ok<{ customerId: string; verificationId: string }>(
    await request.post('/api/v2.1/customer/individual/registration', {
      headers: { ...context(staff.tenantId), ...staff.auth },
      data: individualRegistrationBody({ email, password: CUSTOMER_PASSWORD, categoryId, lastName, documentFile: pngImage(400, 240).toString('base64') }),
    }),
  );
  const review = await ok<{ documents: Array<{ id: string }> }>(await request.get(`/api/v2.1/verifications/${registration.verificationId}`, { headers: staff.officer }));
  return { ...registration, documentId: review.documents[0]!.id, name: `Grace ${lastName}` };
}

const signInOfficer = (page: Page) => signInPanel(page, staff.tenantId, staff.officerName, APPROVER_PASSWORD);

/** Where the image is inside its scroll box at the current scroll position. */
async function placement(scroller: Locator) {
  return scroller.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const img = el.querySelector('img')!.getBoundingClientRect();
    const top = box.top + el.clientTop;
    const left = box.left + el.clientLeft;
    return {
      overflows: el.scrollHeight > el.clientHeight && el.scrollWidth > el.clientWidth,
      scrollTop: el.scrollTop,
      scrollLeft: el.scrollLeft,
      topCut: Math.round(top - img.top),
      leftCut: Math.round(left - img.left),
      bottomCut: Math.round(img.bottom - (top + el.clientHeight)),
      rightCut: Math.round(img.right - (left + el.clientWidth)),
    };
  });
}

/** The scroll position once it has stopped moving (two reads 150 ms apart agree). */
async function settled(scroller: Locator) {
  const read = () => scroller.evaluate((el) => ({ scrollTop: el.scrollTop, scrollLeft: el.scrollLeft }));
  let last = await read();
  await expect
    .poll(async () => {
      await new Promise((r) => setTimeout(r, 150));
      const now = await read();
      const still = now.scrollTop === last.scrollTop && now.scrollLeft === last.scrollLeft;
      last = now;
      return still;
    })
    .toBe(true);
  return last;
}

for (const viewport of VIEWPORTS)
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.setTimeout(90_000);

    test('the registrar sees reject, revision and document decisions disabled with the reason, and the server refuses them', async ({ page, request }) => {
      const c = await registered(request, `Registrar${viewport.width}`);
      await signInPanel(page, staff.tenantId);
      await page.goto(`/verifications/${c.verificationId}`);
      const decision = page.getByRole('form', { name: 'Decision' });
      await expect(page.getByTestId('decide-blocked')).toContainText('You registered this customer: another officer must review it (four-eyes rule).');
      for (const name of ['Approve', 'Reject', 'Request revision']) {
        // named "Reject (not possible: see above)" while disabled
        const radio = decision.getByRole('radio', { name: new RegExp(`^${name}`) });
        await expect(radio).toBeDisabled();
        await expect(radio).toHaveAccessibleDescription(/You registered this customer/);
      }
      await expect(decision.getByRole('button', { name: 'Review decision…' })).toBeDisabled();
      const doc = page.getByTestId('document').first();
      for (const name of ['Accept', 'Reject']) {
        await expect(doc.getByRole('radio', { name, exact: true })).toBeDisabled();
        await expect(doc.getByRole('radio', { name, exact: true })).toHaveAccessibleDescription(/You registered this customer/);
      }
      await expect(doc.getByRole('button', { name: 'Save document decision…' })).toBeDisabled();
      await checkScreen(page, 'case-registrar');

      // the server's refusal stays: the same requests from this session are refused
      const reject = await page.request.post(`/api/v2.1/verifications/${c.verificationId}/decision`, {
        headers: SAME_ORIGIN,
        data: { decision: 'REJECT', reasonCode: 'SUSPECTED_FRAUD', comment: 'fake' },
      });
      expect(reject.status()).toBe(403);
      expect(((await reject.json()) as { data: { error: string; details: string } }).data).toMatchObject({
        error: 'FOUR_EYES',
        details: 'the user who registered the customer cannot decide on its verification; another officer must review it',
      });
      const accept = await page.request.post(`/api/v2.1/verifications/${c.verificationId}/documents/${c.documentId}/decision`, {
        headers: SAME_ORIGIN,
        data: { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' },
      });
      expect(accept.status()).toBe(403);
      expect(((await accept.json()) as { data: { error: string; details: string } }).data).toMatchObject({
        error: 'FOUR_EYES',
        details: 'the user who registered the customer cannot review its documents; another officer must review them',
      });
    });

    test('a document zoomed to 300 % and turned 90° can be scrolled to every edge; its file is named by what and whose it is', async ({ page, request }) => {
      const c = await registered(request, `Viewer${viewport.width}`);
      await signInOfficer(page);
      await page.goto(`/verifications/${c.verificationId}`);
      const doc = page.getByTestId('document').first();
      const scroller = doc.getByRole('region', { name: /the image, scrollable$/ });
      await expect(scroller.getByRole('img')).toBeVisible();
      for (let i = 0; i < 8; i++) await doc.getByRole('button', { name: 'Zoom in' }).click();
      await doc.getByRole('button', { name: 'Rotate' }).click();
      await expect(doc.getByText('300 %, 90°')).toBeVisible();

      // scrolled to the start, the top and left edges are in view; scrolled to the end, the bottom and right ones
      await scroller.evaluate((el) => el.scrollTo(0, 0));
      const start = await placement(scroller);
      expect(start.overflows).toBe(true);
      expect(start.topCut, 'the top of the image is cut off').toBeLessThanOrEqual(0);
      expect(start.leftCut, 'the left of the image is cut off').toBeLessThanOrEqual(0);
      await scroller.evaluate((el) => el.scrollTo(el.scrollWidth, el.scrollHeight));
      const end = await placement(scroller);
      expect(end.bottomCut, 'the bottom of the image is cut off').toBeLessThanOrEqual(0);
      expect(end.rightCut, 'the right of the image is cut off').toBeLessThanOrEqual(0);

      // the keyboard: the box takes focus and the arrow keys, Home and End scroll it
      await scroller.evaluate((el) => el.scrollTo(0, 0));
      await scroller.focus();
      // a key scrolls with an animation: each press waits for the last one to come to rest, or a
      // later key would land while an earlier animation is still moving the box
      await page.keyboard.press('ArrowDown');
      expect((await settled(scroller)).scrollTop).toBeGreaterThan(0);
      await page.keyboard.press('ArrowRight');
      expect((await settled(scroller)).scrollLeft).toBeGreaterThan(0);
      await page.keyboard.press('Home');
      expect((await settled(scroller)).scrollTop).toBe(0);
      // the mouse wheel
      const box = (await scroller.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 200);
      await expect.poll(async () => (await placement(scroller)).scrollTop).toBeGreaterThan(0);
      await checkScreen(page, 'document-viewer-zoomed');

      // the file's name in a new tab or a download: what it is and whose
      const content = await page.request.get(`/api/v2.1/verifications/${c.verificationId}/documents/${c.documentId}/content`);
      expect(content.status()).toBe(200);
      expect(content.headers()['content-disposition']).toBe(`inline; filename="passport-grace-viewer${viewport.width}.png"`);
    });

    test('accepting a document, activating the customer and a wallet-to-wallet transfer each ask first, with a summary', async ({ page, request }) => {
      const c = await registered(request, `Confirm${viewport.width}`);
      await signInOfficer(page);
      await page.goto(`/verifications/${c.verificationId}`);
      const doc = page.getByTestId('document').first();
      await doc.getByRole('radio', { name: 'Accept', exact: true }).check();
      await doc.getByLabel('Reason').selectOption('DOCUMENTS_VERIFIED');
      await doc.getByRole('button', { name: 'Save document decision…' }).click();
      const confirmDoc = page.getByRole('dialog', { name: 'Accept the document' });
      const summary = confirmDoc.getByTestId('document-decision-summary');
      await expect(summary).toContainText(`Passport P1234567 of ${c.name}`);
      await expect(summary).toContainText('Documents verified');
      await expect(summary).toContainText('The document counts towards approval');
      await checkScreen(page, 'document-decision-confirm');
      // cancelled: nothing decided
      await confirmDoc.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirmDoc).toBeHidden();
      await expect(doc.getByText('Not decided', { exact: true })).toBeVisible();
      await doc.getByRole('button', { name: 'Save document decision…' }).click();
      await confirmDoc.getByRole('button', { name: 'Accept document' }).click();
      await expect(confirmDoc).toBeHidden();
      await expect(doc.getByText('Accepted', { exact: true })).toBeVisible();
      await ok(await request.post(`/api/v2.1/verifications/${c.verificationId}/decision`, { headers: staff.officer, data: { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' } }));

      // activation: a summary, cancel leaves the customer as it was (the administrator, in place of the officer)
      await page.context().clearCookies();
      await signInPanel(page, staff.tenantId);
      await page.goto(`/customers/${c.customerId}`);
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      const activate = page.getByRole('dialog', { name: 'Activate customer' });
      await expect(activate.getByTestId('activation-summary')).toContainText(c.name);
      await expect(activate.getByTestId('activation-summary')).toContainText('approved');
      await checkScreen(page, 'activation-confirm');
      await activate.getByRole('button', { name: 'Cancel' }).click();
      await expect(activate).toBeHidden();
      expect((await ok<{ status: string }>(await request.get(`/api/v2.1/customers/${c.customerId}`, { headers: staff.auth }))).status).toBe('PENDING_ACTIVATION');
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      await activate.getByRole('button', { name: 'Activate customer' }).click();
      await expect(activate).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'Customer activated' })).toBeVisible();

      // a wallet-to-wallet transfer: amount, from, to, fee and what happens next before anything moves
      const main = await ok<{ id: string }>(await request.post('/api/v2.1/wallets', { headers: staff.auth, data: { customerId: c.customerId, currency: 'EUR', name: 'Main' } }));
      const savings = await ok<{ id: string }>(await request.post('/api/v2.1/wallets', { headers: staff.auth, data: { customerId: c.customerId, currency: 'EUR', name: 'Savings' } }));
      await ok(await request.post(`/api/v2.1/wallets/${main.id}/sandbox/fund`, { headers: staff.auth, data: { amount: '1000.00', currency: 'EUR' } }));
      await page.goto(`/transfers/new?walletId=${main.id}`);
      const form = page.getByRole('form', { name: 'New transfer' });
      await form.getByLabel('To wallet').selectOption(savings.id);
      await form.getByLabel('Amount (EUR)').fill('120.5');
      await form.getByLabel('Reference').fill('Rainy day');
      await form.getByRole('button', { name: /^Send (transfer|for approval)$/ }).click();
      const send = page.getByRole('dialog', { name: 'Confirm the transfer' });
      const lines = send.getByTestId('transfer-summary');
      await expect(lines).toContainText('Amount120.50 EUR');
      await expect(lines).toContainText(`From${c.name} · Main`);
      await expect(lines).toContainText('1,000.00 EUR now, 879.50 EUR after');
      await expect(lines).toContainText(`To${c.name} · Savings`);
      await expect(lines).toContainText('FeeNone');
      await expect(lines).toContainText('What happens next');
      await checkScreen(page, 'transfer-confirm');
      await send.getByRole('button', { name: 'Cancel' }).click();
      await expect(send).toBeHidden();
      // nothing moved, and the form still holds what was typed
      expect((await ok<{ items: unknown[] }>(await request.get(`/api/v2.1/transfers?walletId=${main.id}`, { headers: staff.auth }))).items).toEqual([]);
      await expect(form.getByLabel('Amount (EUR)')).toHaveValue('120.5');
      await form.getByRole('button', { name: /^Send (transfer|for approval)$/ }).click();
      await send.getByRole('button', { name: /^Confirm: send/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Transfer', exact: true })).toBeVisible();
      expect((await ok<{ items: unknown[] }>(await request.get(`/api/v2.1/transfers?walletId=${main.id}`, { headers: staff.auth }))).items).toHaveLength(1);
    });

    test('a payout without the customer’s consent: the consent is recorded in the form, chosen, and nothing typed is lost', async ({ page, request }) => {
      const { customerId } = await activeIndividual(request, staff, { lastName: `Payout${viewport.width}` });
      const wallet = await ok<{ id: string }>(await request.post('/api/v2.1/wallets', { headers: staff.auth, data: { customerId, currency: 'EUR', name: 'Payroll' } }));
      await ok(await request.post(`/api/v2.1/wallets/${wallet.id}/sandbox/fund`, { headers: staff.auth, data: { amount: '2000.00', currency: 'EUR' } }));
      await ok(await request.post('/api/v2.1/beneficiaries', { headers: staff.auth, data: { customerId, name: 'Contoso Supplies', iban: 'DE89 3704 0044 0532 0130 00', country: 'DE' } }));
      await signInPanel(page, staff.tenantId);
      await page.goto(`/transfers/new?walletId=${wallet.id}`);
      const form = page.getByRole('form', { name: 'New transfer' });
      await form.getByLabel('A beneficiary’s bank account (payout)').check();
      await form.getByLabel('Beneficiary', { exact: true }).selectOption({ label: 'Contoso Supplies · DE89370400440532013000' });
      await form.getByLabel('Amount (EUR)').fill('310.25');
      await form.getByLabel('Reference').fill('Invoice 88');
      await expect(form.getByLabel('Payment consent')).toHaveValue('');
      await form.getByRole('button', { name: /^Send (transfer|for approval)$/ }).click();
      await page
        .getByRole('dialog', { name: 'Confirm the transfer' })
        .getByRole('button', { name: /^Confirm: send/ })
        .click();
      // the server refuses: the refusal is on the consent field, and the way out is right beside it
      await expect(form.getByLabel('Payment consent')).toHaveAttribute('aria-invalid', 'true');
      await form.getByRole('button', { name: 'Record the customer’s consent…' }).click();
      const consent = form.getByRole('group', { name: 'New payment consent' });
      await expect(consent.getByLabel('Largest payment (EUR)')).toHaveValue('310.25');
      await consent.getByLabel('Largest payment (EUR)').fill('500');
      await checkScreen(page, 'transfer-inline-consent');
      await consent.getByRole('button', { name: 'Save consent' }).click();
      await expect(consent).toBeHidden();
      // chosen at once; what was typed is still there
      await expect(form.getByLabel('Payment consent')).not.toHaveValue('');
      await expect(form.getByLabel('Payment consent').locator('option:checked')).toContainText('500.00 EUR');
      await expect(form.getByLabel('Amount (EUR)')).toHaveValue('310.25');
      await expect(form.getByLabel('Reference')).toHaveValue('Invoice 88');
      await expect(form.getByLabel('Beneficiary', { exact: true })).not.toHaveValue('');
      await form.getByRole('button', { name: /^Send (transfer|for approval)$/ }).click();
      const send = page.getByRole('dialog', { name: 'Confirm the transfer' });
      await expect(send.getByTestId('transfer-summary')).toContainText('Contoso Supplies');
      await send.getByRole('button', { name: /^Confirm: send/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Transfer', exact: true })).toBeVisible();
      const sent = await ok<{ items: Array<{ amount: string; paymentConsentId: string | null }> }>(await request.get(`/api/v2.1/transfers?walletId=${wallet.id}`, { headers: staff.auth }));
      expect(sent.items).toHaveLength(1);
      expect(sent.items[0]!.amount).toBe('310.25');
      expect(sent.items[0]!.paymentConsentId).not.toBeNull();
    });
  });
