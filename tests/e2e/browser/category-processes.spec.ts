import { expect, test, type Page } from '@playwright/test';
import { checkScreen, signInPanel, VIEWPORTS } from '../browser-helpers';
import { pngImage } from '../browser-files';
import { APPROVER_PASSWORD, context, ok, openNav, staffTenant } from '../money-world';

/**
 * The category-to-process mapping in the browser (issue 29, docs/category-processes.md), at 1280 and
 * 375 px, axe clean: the tenant's admin makes a category require a proof of address and two
 * approvals; the registration wizard then asks for the proof of address; the case names the rule
 * behind each requirement and refuses approval until the document is accepted; one officer's
 * approval leaves the case waiting for a second, different officer, whose approval closes it.
 */

const PNG = pngImage(400, 240);
const APPROVE = { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' };

async function fillPersonalInfo(page: Page, lastName: string) {
  await expect(page.getByRole('heading', { name: 'Step 1 of 7: Personal info' })).toBeVisible();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill('1990-04-21');
  await page.getByLabel('Nationality (ISO code)').fill('GB');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Retail standard (low risk)' });
  await page.getByLabel('Employment status').selectOption({ label: 'Employed' });
  await page.getByLabel('Source of funds').selectOption({ label: 'Salary' });
  await page.getByRole('button', { name: 'Next' }).click();
}

for (const viewport of VIEWPORTS) {
  test(`category processes at ${viewport.width} px: a proof of address and two approvals change the wizard and the review gate`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const staff = await staffTenant(request, `Processes ${viewport.width}`);

    // the admin finds the screen in the navigation
    await signInPanel(page, staff.tenantId);
    const nav = await openNav(page);
    await nav.getByRole('link', { name: 'Category processes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Category processes' })).toBeVisible();
    const card = page.getByTestId('process-RETAIL_STANDARD');
    await expect(card).toContainText('Default process');
    await expect(card).toContainText('Identity document');
    await expect(card).toContainText('One officer');
    await checkScreen(page, `category-processes-list`);

    // the admin requires a proof of address and two approvals; a bad product code is refused on its field first
    await card.getByRole('button', { name: 'Edit the process of Retail standard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Process of Retail standard' });
    await expect(dialog.getByLabel('Identity document (always required)')).toBeDisabled();
    await dialog.getByLabel('Proof of address').check();
    await dialog.getByLabel('Two officers (the second cannot be the first)').check();
    await dialog.getByLabel('Products it may open').fill('default-wallet, bad!code');
    await dialog.getByRole('button', { name: 'Save process' }).click();
    await expect(dialog.getByLabel('Products it may open')).toHaveAccessibleDescription(
      'a product code is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit',
    );
    await dialog.getByLabel('Products it may open').fill('default-wallet');
    await checkScreen(page, `category-processes-edit`);
    await dialog.getByRole('button', { name: 'Save process' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Changed');
    await expect(card).toContainText('Identity document, Proof of address');
    await expect(card).toContainText('Two officers (the second cannot be the first)');
    await expect(card).toContainText('default-wallet');
    // the server holds it
    const saved = await ok<{ items: Array<{ categoryCode: string; requiredDocuments: { INDIVIDUAL: string[] }; approvalsRequired: number; productCodes: string[] }> }>(
      await request.get('/api/v2.1/category-processes', { headers: staff.auth }),
    );
    expect(saved.items.find((p) => p.categoryCode === 'RETAIL_STANDARD')).toMatchObject({
      requiredDocuments: { INDIVIDUAL: ['IDENTITY', 'PROOF_OF_ADDRESS'] },
      approvalsRequired: 2,
      productCodes: ['default-wallet'],
    });

    // the wizard now asks for the proof of address
    const lastName = `Process${viewport.width}${Date.now().toString(36)}`;
    await page.goto('/customers/new/individual');
    await fillPersonalInfo(page, lastName);
    await expect(page.getByRole('heading', { name: 'Step 2 of 7: Contact' })).toBeVisible();
    await page.getByLabel('Email (login)').fill(`grace.${lastName.toLowerCase()}@customer.example`);
    await page.getByLabel('Contact value').fill('+4915112345678');
    await page.getByLabel('Password', { exact: true }).fill('Quiet-Lantern-42?');
    await page.getByLabel('Repeat password').fill('Quiet-Lantern-42?');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Step 3 of 7: Address' })).toBeVisible();
    await page.getByLabel('Street').fill('Unter den Linden 5');
    await page.getByLabel('Postal code').fill('10117');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Country (ISO code)').fill('DE');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Step 4 of 7: Documents' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Proof of address (required by category Retail standard)' })).toBeVisible();
    await page.getByLabel('Document file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Next' }).click();
    // the proof of address is required before the step is left
    await expect(page.getByLabel('File: proof of address')).toHaveAccessibleDescription('attach a file');
    await checkScreen(page, `category-processes-wizard`);
    await page.getByLabel('File: proof of address').setInputFiles({ name: 'utility-bill.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Step 5 of 7: Consents' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Step 6 of 7: Activation' })).toBeVisible();
    await page.getByRole('button', { name: 'Review' }).click();
    await expect(page.getByTestId('review')).toContainText('utility-bill.png');
    await page.getByRole('button', { name: 'Register customer' }).click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const customerId = page.url().split('/').pop()!;

    // the case: the officer sees which rule demanded what; approval waits for the accepted proof of address
    const queue = await ok<{ items: Array<{ id: string; customerId: string }> }>(await request.get(`/api/v2.1/verifications?q=${lastName}`, { headers: staff.officer }));
    const verificationId = queue.items.find((i) => i.customerId === customerId)!.id;
    const review = await ok<{ documents: Array<{ id: string; documentType: string }> }>(await request.get(`/api/v2.1/verifications/${verificationId}`, { headers: staff.officer }));
    expect(review.documents.map((d) => d.documentType).sort()).toEqual(['PASSPORT', 'PROOF_OF_ADDRESS']);
    const passport = review.documents.find((d) => d.documentType === 'PASSPORT')!;
    await ok(
      await request.post(`/api/v2.1/verifications/${verificationId}/documents/${passport.id}/decision`, {
        headers: staff.officer,
        data: { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' },
      }),
    );
    const refused = await request.post(`/api/v2.1/verifications/${verificationId}/decision`, { headers: staff.officer, data: APPROVE });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).data.unmetRequirements).toEqual([{ requirement: 'PROOF_OF_ADDRESS', label: 'Proof of address', documentTypes: ['PROOF_OF_ADDRESS'] }]);

    await page.context().clearCookies();
    await signInPanel(page, staff.tenantId, staff.officerName, APPROVER_PASSWORD);
    await page.goto(`/verifications/${verificationId}`);
    const requirements = page.getByTestId('requirements');
    await expect(requirements).toContainText('Proof of address');
    await expect(requirements.getByText('Required by category Retail standard')).toHaveCount(2);
    await expect(page.getByTestId('approvals-rule')).toHaveText('Required by category Retail standard');
    await expect(page.getByTestId('approve-blocked')).toContainText('Proof of address: no accepted document yet.');
    await checkScreen(page, `category-processes-case`);

    // the proof of address accepted: the first officer's approval leaves the case waiting for a second
    const poa = review.documents.find((d) => d.documentType === 'PROOF_OF_ADDRESS')!;
    await ok(
      await request.post(`/api/v2.1/verifications/${verificationId}/documents/${poa.id}/decision`, {
        headers: staff.officer,
        data: { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' },
      }),
    );
    const first = await ok<{ status: string; approvalsRequired: number }>(
      await request.post(`/api/v2.1/verifications/${verificationId}/decision`, { headers: staff.officer, data: APPROVE }),
    );
    expect(first).toMatchObject({ status: 'PENDING_REVIEW', approvalsRequired: 2 });
    await page.reload();
    await expect(page.getByTestId('case-header')).toContainText('Two, by different officers: 1 of 2 approvals (first given by Otto Officer)');
    await expect(page.getByTestId('approve-blocked')).toContainText('You gave the first approval: a second, different officer must approve.');
    const again = await request.post(`/api/v2.1/verifications/${verificationId}/decision`, { headers: staff.officer, data: APPROVE });
    expect(again.status()).toBe(403);
    expect((await again.json()).data.error).toBe('SECOND_APPROVER_MUST_DIFFER');

    // a second, different officer approves: the case is approved
    const name = `second${Date.now().toString(36)}`;
    const created = await ok<{ id: string }>(
      await request.post('/api/v2.1/admin/users', {
        headers: staff.auth,
        data: { username: name, email: `${name}@bank.example`, password: APPROVER_PASSWORD, firstName: 'Sam', lastName: 'Second', roles: ['COMPLIANCE_OFFICER'] },
      }),
    );
    const session = await ok<{ token: string }>(
      await request.post(`/api/v2.1/admin/organization/${staff.organizationId}/users/${created.id}/sessions`, {
        headers: context(staff.tenantId),
        data: { username: name, password: APPROVER_PASSWORD },
      }),
    );
    const second = await ok<{ status: string }>(
      await request.post(`/api/v2.1/verifications/${verificationId}/decision`, { headers: { authorization: `Bearer ${session.token}` }, data: APPROVE }),
    );
    expect(second.status).toBe('APPROVED');
    await page.reload();
    await expect(page.getByTestId('case-header')).toContainText('2 of 2 approvals');
  });
}
