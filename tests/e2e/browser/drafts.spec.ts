import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkScreen, signInPanel, VIEWPORTS } from '../browser-helpers';
import { pngImage } from '../browser-files';
import { STRONG_PASSWORD } from '../fixtures';
import { APPROVER_PASSWORD, openNav, staffTenant, type StaffTenant } from '../money-world';

/**
 * Registration drafts (issue 29, docs/drafts.md), at 1280 and at 375 px, axe clean: a registration
 * started by one staff member in one browser context is saved as it is typed (a quiet "Saved", never
 * the password), found by a colleague signed in in a second context on the Drafts screen, resumed at
 * its step and finished there; the draft is then gone from the list. A draft is discarded only after
 * a confirmation.
 */

let staff: StaffTenant;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  staff = await staffTenant(request, 'Drafts');
});

async function signedIn(browser: Browser, viewport: { width: number; height: number }, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInPanel(page, staff.tenantId, username, password);
  return page;
}

async function openDrafts(page: Page) {
  await (await openNav(page)).getByRole('link', { name: 'Drafts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration drafts' })).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test(`a draft started in one browser is finished in another (${viewport.width} px)`, async ({ browser }) => {
    test.setTimeout(300_000);
    const tag = `${viewport.width}${Date.now().toString(36)}`;
    const last = `Lovelace${tag}`;

    // the owner starts a registration in the first browser
    const first = await signedIn(browser, viewport, 'owner', STRONG_PASSWORD);
    await first.goto('/customers/new/individual');
    await expect(first.getByRole('heading', { name: 'Step 1 of 7: Personal info' })).toBeVisible();
    await first.getByLabel('First name').fill('Ada');
    await first.getByLabel('Last name').fill(last);
    await first.getByLabel('Date of birth').fill('1990-04-21');
    const category = first.getByLabel('Category', { exact: true });
    await expect(category.locator('option', { hasText: 'risk' }).first()).toBeAttached();
    await category.selectOption(
      (await category
        .locator('option', { hasText: /retail/i })
        .first()
        .getAttribute('value'))!,
    );
    await expect(first.getByText('required by this category').first()).toBeVisible();
    const selects = first.locator('select[name^="params."]');
    for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 });
    for (const input of await first.locator('input[name^="params."]').all()) await input.fill('value');
    await first.getByRole('button', { name: 'Next' }).click();
    await expect(first.getByRole('heading', { name: 'Step 2 of 7: Contact' })).toBeVisible();
    const email = `ada.${tag}@customer.example`;
    await first.getByLabel('Email (login)').fill(email);
    await first.getByLabel('Contact value').fill('+4915112345678');
    await first.getByLabel('Password', { exact: true }).fill('Quiet-Lantern-42?');
    // saved to the server after a pause: quietly, and the address names the draft
    await expect(first.getByTestId('draft-save-state')).toHaveText('Saved');
    await expect(first).toHaveURL(/\?draft=[0-9a-f-]{36}$/);
    const draftId = new URL(first.url()).searchParams.get('draft')!;
    await checkScreen(first, 'drafts-wizard-saved');

    // the officer, in a second browser, finds it on the Drafts screen
    const second = await signedIn(browser, viewport, staff.officerName, APPROVER_PASSWORD);
    await openDrafts(second);
    const row = second.getByTestId('draft-row').filter({ hasText: `Ada ${last}` });
    await expect(row).toContainText('Individual');
    await expect(row).toContainText('Olga Owner');
    await expect(row).toContainText('Step 2');
    await checkScreen(second, 'drafts-list');
    await row.getByRole('link', { name: `Resume the draft of Ada ${last}` }).click();

    // resumed at its step with what was typed, never the password (the wizard's first load and the
    // draft's fetch: more than the default 10 s once on a loaded machine, as signing in)
    await expect(second.getByRole('heading', { name: 'Step 2 of 7: Contact' })).toBeVisible({ timeout: 30_000 });
    await expect(second).toHaveURL(new RegExp(`\\?draft=${draftId}$`));
    await expect(second.getByLabel('Email (login)')).toHaveValue(email);
    await expect(second.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(second.getByTestId('resumed-draft')).toContainText('must be entered again: Password, Repeat password, Document file');
    await checkScreen(second, 'drafts-resumed');
    await second.getByRole('button', { name: 'Back' }).click();
    await expect(second.getByLabel('Last name')).toHaveValue(last);
    await second.getByRole('button', { name: 'Next' }).click();
    await second.getByLabel('Password', { exact: true }).fill('Quiet-Lantern-42?');
    await second.getByLabel('Repeat password').fill('Quiet-Lantern-42?');
    await second.getByRole('button', { name: 'Next' }).click();
    await expect(second.getByRole('heading', { name: 'Step 3 of 7: Address' })).toBeVisible();
    await second.getByLabel('Street').fill('Unter den Linden 5');
    await second.getByLabel('City').fill('Berlin');
    await second.getByLabel('Country (ISO code)').fill('DE');
    await second.getByRole('button', { name: 'Next' }).click();
    await expect(second.getByRole('heading', { name: 'Step 4 of 7: Documents' })).toBeVisible();
    await second.getByLabel('Document file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: pngImage(400, 240) });
    await expect(second.getByRole('img', { name: 'Preview of passport.png' })).toBeVisible();
    await second.getByRole('button', { name: 'Next' }).click();
    await second.getByLabel('Terms and conditions accepted').check();
    await second.getByRole('button', { name: 'Next' }).click();
    await second.getByRole('button', { name: 'Review' }).click();
    await expect(second.getByTestId('review')).toContainText(`Ada ${last}`);
    await second.getByRole('button', { name: 'Register customer' }).click();
    await expect(second).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    await expect(second.getByRole('heading', { level: 1, name: `Ada ${last}` })).toBeVisible();

    // consumed with the registration: no longer among the drafts
    await openDrafts(second);
    await expect(second.getByRole('table', { name: 'Registration drafts' })).toBeVisible();
    await expect(second.getByTestId('draft-row').filter({ hasText: `Ada ${last}` })).toHaveCount(0);

    await first.context().close();
    await second.context().close();
  });

  test(`a draft is discarded from the Drafts screen only after a confirmation (${viewport.width} px)`, async ({ browser }) => {
    test.setTimeout(180_000);
    const tag = `${viewport.width}${Date.now().toString(36)}`;
    const page = await signedIn(browser, viewport, 'owner', STRONG_PASSWORD);
    await page.goto('/customers/new/organization');
    const legalName = `Drafty ${tag} GmbH`;
    await page.getByLabel('Legal name').fill(legalName);
    await expect(page.getByTestId('draft-save-state')).toHaveText('Saved');
    await openDrafts(page);
    const row = page.getByTestId('draft-row').filter({ hasText: legalName });
    await expect(row).toContainText('Organization');
    await row.getByRole('button', { name: `Discard the draft of ${legalName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this draft?' });
    await expect(dialog).toContainText(legalName);
    await checkScreen(page, 'drafts-discard');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Discard the draft of ${legalName}` }).click();
    await page.getByRole('dialog', { name: 'Discard this draft?' }).getByRole('button', { name: 'Discard draft' }).click();
    await expect(page.getByTestId('draft-row').filter({ hasText: legalName })).toHaveCount(0);
    await page.context().close();
  });
}
