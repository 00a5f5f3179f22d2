import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { IN_CI } from '../ci';
import { REPO_ROOT, STRONG_PASSWORD, platformAuth, registrationBody, uniqueName } from './fixtures';

/** What the panel's browser specs share: a tenant, signing in, axe scans and screenshots at both widths. */

export const SCREENSHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');

/**
 * A screenshot for a person to look at, `test-results/screenshots/<name>.png` (the whole page unless
 * `fullPage: false`). Not in CI: only a CI run's log is ever read, and the browser specs take about
 * 250 of them, 50-320 ms of a 2-core VM each.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (IN_CI) return;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** A new tenant (its owner: `owner` / STRONG_PASSWORD); its id. */
export async function registerTenant(request: APIRequestContext, name = 'Admin app'): Promise<string> {
  const res = await request.post('/api/v2.1/tenants/registration', { headers: platformAuth, data: registrationBody(uniqueName(name)) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { tenantId: string } }).data.tenantId;
}

export async function signInPanel(page: Page, tenantId: string, username = 'owner', password = STRONG_PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Tenant ID').fill(tenantId);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // argon2, the session and the first render of the overview: more than the default 10 s once on a loaded CI machine
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible({ timeout: 30_000 });
}

/**
 * Axe's serious and critical violations on the page as it is now, each with the elements it names.
 * In legacy mode: axe runs in the page (and its same-origin frames; the panel has no other). The
 * default mode injects axe three times and opens a tab of its own to merge the frames' results,
 * which took twice as long for the same findings (1.1-2.5 s a scan against 0.6-1.1 s on a 2-core
 * VM), and the specs scan about 250 times.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

/** Axe at the current width: no serious or critical violations. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page), `${name}: axe violations`).toEqual([]);
}

const HEIGHTS: Record<number, number> = { 1280: 800, 390: 844, 375: 812 };

/** Screenshot at 1280 and 390 px (or the given widths; axe-scanned at each), nothing wider than the viewport. */
export async function capture(page: Page, name: string, ready: () => Promise<void>, widths: number[] = [1280, 390]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: HEIGHTS[width] ?? 800 });
    await ready();
    const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      // the outermost elements that stick out, to name them when the check fails
      wide: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > window.innerWidth + 1))
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)}`),
    }));
    expect(scrollWidth, `${name} at ${width}px overflows sideways: ${wide.join(' | ')}`).toBeLessThanOrEqual(innerWidth);
    await screenshot(page, `${name}-${width}`);
    await expectAccessible(page, `${name} at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
