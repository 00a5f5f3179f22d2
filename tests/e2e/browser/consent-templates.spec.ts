import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { checkScreen, signInPanel, VIEWPORTS } from '../browser-helpers';
import { individualRegistrationBody } from '../fixtures';
import { CUSTOMER_PASSWORD, context, ok, openNav, staffTenant, unfoldSections, type StaffTenant } from '../money-world';

/**
 * Consent templates (issue 29, item 1), at 1280 and 375 px: the tenant's administrator writes a new
 * terms version with a material change and publishes it after a confirmation that says customers
 * will be asked again; a customer who accepted the old terms is then sent back: the panel shows it,
 * activation is refused, the re-consent is recorded (with the new text's SHA-256, in the panel) and
 * activation then goes through.
 */

/** An individual registered by the owner with every consent of version 1.0 accepted, its case approved by the officer (not activated). */
async function approvedCustomer(request: APIRequestContext, t: StaffTenant, lastName: string) {
  const hierarchy = await ok<{ categories: Array<{ id: string; code: string }> }>(await request.get(`/api/v2.1/categorization/hierarchy/${t.tenantId}`, { headers: context(t.tenantId) }));
  const categoryId = hierarchy.categories.find((c) => c.code === 'RETAIL_STANDARD')!.id;
  const email = `grace.${lastName.toLowerCase()}.${Date.now().toString(36)}@customer.example`;
  const { customerId, verificationId } = await ok<{ customerId: string; verificationId: string }>(
    await request.post('/api/v2.1/customer/individual/registration', {
      headers: { ...context(t.tenantId), ...t.auth },
      data: individualRegistrationBody({ email, password: CUSTOMER_PASSWORD, categoryId, firstName: 'Grace', lastName }),
    }),
  );
  const review = await ok<{ documents: Array<{ id: string }> }>(await request.get(`/api/v2.1/verifications/${verificationId}`, { headers: t.officer }));
  await ok(
    await request.post(`/api/v2.1/verifications/${verificationId}/documents/${review.documents[0]!.id}/decision`, {
      headers: t.officer,
      data: { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' },
    }),
  );
  await ok(await request.post(`/api/v2.1/verifications/${verificationId}/decision`, { headers: t.officer, data: { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' } }));
  return { customerId, name: `Grace ${lastName}` };
}

const NEW_TERMS = 'Terms and conditions 2.0.\n\nThe monthly card fee is now 2 EUR.';
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

for (const viewport of VIEWPORTS)
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    // a new tenant, a customer through review, four screens scanned at each width: minutes on a loaded 2-core machine
    test.setTimeout(240_000);

    test('a material terms version sends a customer back for re-consent; once recorded, activation goes through', async ({ page, request }) => {
      const staff = await staffTenant(request, `Consent ${viewport.width}`);
      const customer = await approvedCustomer(request, staff, `Terms${viewport.width}`);
      await signInPanel(page, staff.tenantId);

      // the screen, from the navigation
      await (await openNav(page)).getByRole('link', { name: 'Consent templates' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Consent templates' })).toBeVisible();
      const terms = page.getByTestId('consent-template-terms');
      await expect(terms).toContainText('Version 1.0 in force');
      await expect(page.getByTestId('consent-template-marketing')).toContainText('Optional');
      await checkScreen(page, 'consent-templates');

      // a new version: the kind of change must be chosen
      await terms.getByRole('button', { name: /^Write a new version/ }).click();
      const form = page.getByRole('form', { name: 'New version of the terms and conditions' });
      await form.getByLabel('Text').fill(NEW_TERMS);
      await form.getByRole('button', { name: 'Save draft' }).click();
      await expect(form.getByText('Choose the kind of change')).toBeVisible();
      await form.getByLabel(/^Material change/).check();
      await form.getByLabel('What changed (optional)').fill('card fee');
      await checkScreen(page, 'consent-templates-form');
      await form.getByRole('button', { name: 'Save draft' }).click();
      const draft = page.getByTestId('consent-draft-terms');
      await expect(draft).toContainText('Version 2.0 · material change · card fee');

      // publishing asks first, and says customers will be asked again
      await draft.getByRole('button', { name: 'Publish version 2.0' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish version 2.0 of the terms and conditions?' });
      await expect(dialog.getByTestId('publish-consequence')).toContainText('every customer who accepted an earlier version will be asked to accept version 2.0 again');
      await checkScreen(page, 'consent-templates-publish');
      await dialog.getByRole('button', { name: 'Publish version 2.0' }).click();
      await expect(dialog).toBeHidden();
      await expect(terms).toContainText('Version 2.0 in force');
      await expect(terms).toContainText('1 customer must accept again');
      await expect(draft).toHaveCount(0);

      // the public texts show the new version to sign-up pages
      const texts = await ok<{ items: Array<{ consentType: string; version: string; sha256: string }> }>(await request.get('/api/v2.1/consent-texts', { headers: context(staff.tenantId) }));
      expect(texts.items.find((i) => i.consentType === 'TERMS')).toMatchObject({ version: '2.0', sha256: sha(NEW_TERMS) });

      // the customer is sent back: the panel says so and activation is refused
      await page.goto(`/customers/${customer.customerId}`);
      await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
      await unfoldSections(page);
      await expect(page.getByTestId('reconsent-notice')).toContainText('A new version of terms is in force');
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      await page.getByRole('dialog', { name: 'Activate customer' }).getByRole('button', { name: 'Activate customer' }).click();
      const refused = page.getByRole('alert').filter({ hasText: 'A new version must be accepted first.' });
      await expect(refused).toContainText('terms: accepted version 1.0, version 2.0 in force');
      await checkScreen(page, 'consent-templates-customer');

      // the re-consent, recorded from the panel with the new text's hash
      await page.getByTestId('consents').getByRole('button', { name: 'Accept version 2.0 terms' }).click();
      await expect(page.getByTestId('reconsent-notice')).toHaveCount(0);
      const history = page.locator('details').filter({ has: page.locator('summary', { hasText: /^History \(/ }) });
      await history.locator('summary').click();
      await expect(history.getByRole('listitem').last()).toContainText(`terms v2.0`);
      await expect(history.getByRole('listitem').last()).toContainText('in the panel');
      await expect(history.getByRole('listitem').last()).toContainText(`text SHA-256 ${sha(NEW_TERMS)}`);

      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      await page.getByRole('dialog', { name: 'Activate customer' }).getByRole('button', { name: 'Activate customer' }).click();
      await expect(page.getByRole('dialog', { name: 'Activate customer' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Activate', exact: true })).toHaveCount(0);
      const detail = await ok<{ status: string; consents: { reconsentRequired: unknown[] } }>(await request.get(`/api/v2.1/customers/${customer.customerId}`, { headers: staff.auth }));
      expect(detail).toMatchObject({ status: 'ACTIVE', consents: { reconsentRequired: [] } });
    });
  });
