import { expect, test, type Page } from '@playwright/test';
import { checkScreen, registerTenant, signInPanel, VIEWPORTS } from '../browser-helpers';
import { PNG_1X1_BASE64 } from '../fixtures';
import { openNav } from '../money-world';

/**
 * A new tenant's administrator walks the first-run checklist to the end (docs/tenant-setup.md), at
 * 1280 and at 375 px, axe clean: the dashboard shows the checklist until every step is done; each
 * step links to its screen and is ticked by what then exists (branding, review settings, a
 * compliance officer, a webhook); the branding's colour reaches the panel's buttons. And a form's
 * country is chosen by name in the searchable select, and still sent as its ISO code.
 */

async function toChecklist(page: Page) {
  await (await openNav(page)).getByRole('link', { name: 'Set-up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your tenant' })).toBeVisible();
}

async function stepDone(page: Page, id: string, progress: string) {
  await toChecklist(page);
  await expect(page.getByTestId('setup-progress')).toHaveText(progress);
  await expect(page.getByTestId(`setup-step-${id}`)).toHaveAttribute('data-done', 'true');
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a new tenant's administrator walks the set-up checklist to the end", async ({ page, request }) => {
      test.setTimeout(180_000);
      const tenantId = await registerTenant(request, 'Set-up');
      await signInPanel(page, tenantId);
      const w = viewport.width;

      // the dashboard shows the checklist, prominently, until it is complete
      const banner = page.getByTestId('setup-banner');
      await expect(banner).toContainText('0 of 6 steps done');
      await expect(page.getByRole('main').getByText('Loading the numbers…')).toHaveCount(0);
      await checkScreen(page, `setup-dashboard`);
      await banner.getByRole('link', { name: 'Open the set-up checklist' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Set up your tenant' })).toBeVisible();
      await expect(page.getByTestId('setup-progress')).toHaveText('0 of 6 steps done');
      await checkScreen(page, 'setup-checklist');

      // 1. branding: the server's rules show on their fields; the colour reaches the panel
      await page.getByTestId('setup-step-branding').getByRole('link', { name: 'Brand the panel' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeVisible();
      const colour = page.getByLabel('Primary colour', { exact: true });
      await page.getByLabel('Display name').fill('Harbour Money');
      await colour.fill('#ffd700');
      await page.getByRole('button', { name: 'Save branding' }).click();
      await expect(colour).toHaveAccessibleDescription('must be dark enough for white text: contrast 1.40:1, at least 4.5:1 needed');
      await colour.fill('#0b5d3b');
      await page.getByLabel(/^Logo file/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1_BASE64, 'base64') });
      await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
      await checkScreen(page, 'setup-branding');
      await page.getByRole('button', { name: 'Save branding' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Branding saved' })).toBeVisible();
      await expect(page.locator('aside')).toContainText('Harbour Money');
      // off the button (hovered, it is a shade darker): the primary colour itself
      await page.mouse.move(1, 1);
      await expect(page.getByRole('button', { name: 'Save branding' })).toHaveCSS('background-color', 'rgb(11, 93, 59)');
      await stepDone(page, 'branding', '1 of 6 steps done');

      // 2. review settings: saved once
      await page.getByTestId('setup-step-reviewSettings').getByRole('link', { name: 'Review the approval rules' }).click();
      await page.getByRole('checkbox', { name: 'Organizations need two approvals' }).check();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('dialog', { name: 'Change the review settings?' }).getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Review settings saved' })).toBeVisible();
      await stepDone(page, 'reviewSettings', '2 of 6 steps done');

      // 3. consent texts: a version of the tenant's own terms, published
      await page.getByTestId('setup-step-consentTemplates').getByRole('link', { name: 'Publish your consent texts' }).click();
      await page
        .getByTestId('consent-template-terms')
        .getByRole('button', { name: /^Write a new version/ })
        .click();
      const terms = page.getByRole('form', { name: 'New version of the terms and conditions' });
      await terms.getByLabel('Text').fill('Harbour Money terms: the account, its fees and how to close it.');
      await terms.getByLabel(/^Editorial change/).check();
      await terms.getByRole('button', { name: 'Save draft' }).click();
      await page.getByTestId('consent-draft-terms').getByRole('button', { name: 'Publish version 1.1' }).click();
      await page.getByRole('dialog', { name: 'Publish version 1.1 of the terms and conditions?' }).getByRole('button', { name: 'Publish version 1.1' }).click();
      await expect(page.getByTestId('consent-draft-terms')).toHaveCount(0);
      await stepDone(page, 'consentTemplates', '3 of 6 steps done');

      // 4. a product of its own
      await page.getByTestId('setup-step-products').getByRole('link', { name: 'Set up your products' }).click();
      await page.getByRole('button', { name: 'New wallet product' }).click();
      const product = page.getByRole('dialog', { name: 'New wallet product' });
      await product.getByLabel('Code').fill(`harbour-${w}`);
      await product.getByLabel('Name').fill('Harbour EUR');
      await product.getByLabel('Currency').selectOption('EUR');
      await product.getByRole('button', { name: 'Create product' }).click();
      await expect(product).toBeHidden();
      await stepDone(page, 'products', '4 of 6 steps done');

      // 5. a compliance officer
      await page.getByTestId('setup-step-firstOfficer').getByRole('link', { name: 'Add a compliance officer' }).click();
      await page.getByRole('button', { name: 'New user' }).click();
      const user = page.getByRole('dialog', { name: 'New user' });
      await user.getByLabel('Username').fill(`otto${w}`);
      await user.getByLabel('Email').fill(`otto${w}@harbour.example`);
      await user.getByLabel('First name').fill('Otto');
      await user.getByLabel('Last name').fill('Officer');
      await user.getByLabel('Initial password').fill('Quiet-Officer-42?');
      await user.getByRole('checkbox', { name: 'employee' }).uncheck();
      await user.getByRole('checkbox', { name: 'compliance officer' }).check();
      await user.getByRole('button', { name: 'Create user' }).click();
      await expect(
        page
          .getByRole('table', { name: 'Users' })
          .getByRole('row')
          .filter({ hasText: `otto${w}@harbour.example` }),
      ).toContainText('compliance officer');
      await stepDone(page, 'firstOfficer', '5 of 6 steps done');

      // 6. a webhook
      await page.getByTestId('setup-step-webhook').getByRole('link', { name: 'Subscribe a webhook' }).click();
      await page.getByRole('button', { name: 'New subscription' }).click();
      const hook = page.getByRole('dialog', { name: 'New webhook subscription' });
      await hook.getByLabel('Name', { exact: true }).fill('Harbour back office');
      await hook.getByLabel('Endpoint URL').fill('https://hooks.harbour.example/bp');
      await hook.getByRole('checkbox', { name: /^customer\.\*/ }).check();
      await hook.getByRole('button', { name: 'Create subscription' }).click();
      await expect(page.getByTestId('secret')).toHaveText(/^whsec_/);
      await page.getByRole('button', { name: 'I have stored it' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Harbour back office' })).toBeVisible();

      // the end: every step ticked, and the dashboard no longer shows the checklist
      await stepDone(page, 'webhook', 'Your tenant is set up: every step is done.');
      for (const id of ['branding', 'reviewSettings', 'consentTemplates', 'products', 'firstOfficer', 'webhook'])
        await expect(page.getByTestId(`setup-step-${id}`)).toHaveAttribute('data-done', 'true');
      await checkScreen(page, 'setup-complete');
      await (await openNav(page)).getByRole('link', { name: 'Overview' }).click();
      await expect(page.getByTestId('customers-tile')).toBeVisible();
      await expect(page.getByTestId('setup-banner')).toHaveCount(0);
    });

    test("a form's country is chosen by name from the searchable select and sent as its code", async ({ page, request }) => {
      test.setTimeout(120_000);
      const tenantId = await registerTenant(request, 'Countries');
      await signInPanel(page, tenantId);
      await page.goto('/customers/new/individual');
      await expect(page.getByRole('heading', { name: 'Step 1 of 7: Personal info' })).toBeVisible();
      await page.getByLabel('First name').fill('Grace');
      await page.getByLabel('Last name').fill('Hopper');
      await page.getByLabel('Date of birth').fill('1990-04-21');

      // typed by name, moved with the keyboard, chosen with Enter
      const nationality = page.getByRole('combobox', { name: 'Nationality (ISO code)' });
      await nationality.click();
      await nationality.pressSequentially('united');
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(list.getByRole('option', { name: 'United Kingdom (GB)' })).toBeVisible();
      await expect(list.getByRole('option', { name: 'Germany (DE)' })).toHaveCount(0);
      await checkScreen(page, 'country-select-open');
      await nationality.press('ArrowDown');
      const active = await nationality.getAttribute('aria-activedescendant');
      expect(active).toBeTruthy();
      // to the option named United Kingdom, whatever its place in the list
      while ((await page.locator(`[id="${await nationality.getAttribute('aria-activedescendant')}"]`).textContent()) !== 'United Kingdom (GB)') await nationality.press('ArrowDown');
      await nationality.press('Enter');
      await expect(list).toBeHidden();
      await expect(nationality).toHaveValue('United Kingdom (GB)');
      // Escape drops a half-typed search and keeps the choice
      await nationality.fill('fra');
      await expect(list.getByRole('option', { name: 'France (FR)' })).toBeVisible();
      await nationality.press('Escape');
      await expect(nationality).toHaveValue('United Kingdom (GB)');

      const category = page.getByLabel('Category', { exact: true });
      await expect(category.locator('option', { hasText: /retail/i }).first()).toBeAttached();
      await category.selectOption(
        (await category
          .locator('option', { hasText: /retail/i })
          .first()
          .getAttribute('value'))!,
      );
      const selects = page.locator('select[name^="params."]');
      for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 });
      for (const input of await page.locator('input[name^="params."]').all()) await input.fill('value');
      // the step's schema takes two capital letters only: past it, the form holds GB, not the name shown
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Step 2 of 7: Contact' })).toBeVisible();
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('combobox', { name: 'Nationality (ISO code)' })).toHaveValue('United Kingdom (GB)');
    });
  });
}
