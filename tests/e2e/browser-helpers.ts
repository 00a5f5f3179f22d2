import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { IN_CI } from '../ci';
import { REPO_ROOT, STRONG_PASSWORD, platformAuth, registrationBody, uniqueName } from './fixtures';

/** What the panel's browser specs share: a tenant, signing in, axe scans and screenshots at both widths. */

export const SCREENSHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');

/**
 * A screenshot for a person to look at, `test-results/screenshots/<spec>/<name>.png` (the whole page
 * unless `fullPage: false`). Not in CI: only a CI run's log is ever read, and the browser specs take
 * about 250 of them, 50-320 ms of a 2-core VM each.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (IN_CI) return;
  await page.screenshot({ path: path.join(SCREENSHOTS, path.basename(test.info().file).replace(/\.spec\.ts$/, ''), `${name}.png`), fullPage });
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

/** The words the panel shows while a query is pending: a screen is checked once none is left in its main region. */
const PENDING = /^(Loading|Loading officers|Looking up|Searching)…$/;

/**
 * One screen at the page's current width, as a newcomer would meet it: every section loaded (no
 * pending words left in the main region), nothing wider than the viewport and no control past its
 * right edge (so nothing needs a sideways scroll, in the page or in a box), a screenshot, and no
 * serious or critical axe violation. `ready` waits for what the screen must show first. A failed
 * check is recorded and the test goes on (it fails at its end): one walk over several screens
 * reports every screen that fails, not only the first.
 */
export async function checkScreen(page: Page, name: string, ready?: () => Promise<void>): Promise<void> {
  const width = page.viewportSize()?.width ?? 1280;
  const check = expect.soft;
  if (ready) await ready();
  await expect(page.getByRole('main').getByText(PENDING)).toHaveCount(0);
  const found = await page.evaluate(() => {
    const beyond = (e: Element) => e.getBoundingClientRect().right > window.innerWidth + 1;
    const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      // the outermost elements that stick out, to name them when the page scrolls sideways
      wide: [...document.querySelectorAll('body *')]
        .filter((e) => beyond(e) && !(e.parentElement && beyond(e.parentElement)))
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)}`),
      offRight: [...document.querySelectorAll<HTMLElement>(controls)]
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' && beyond(e);
        })
        .map((e) => `${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 40)}" right=${Math.round(e.getBoundingClientRect().right)}`),
    };
  });
  check(found.scrollWidth, `${name} at ${width}px scrolls sideways: ${found.wide.join(' | ')}`).toBeLessThanOrEqual(found.innerWidth);
  check(found.offRight, `${name} at ${width}px: controls beyond the right edge`).toEqual([]);
  await screenshot(page, `${name}-${width}`);
  check(await axeViolations(page), `${name} at ${width}px: axe violations`).toEqual([]);
}

/** The desktop and the phone: the two widths every screen is checked at. */
export const WIDTHS = [1280, 375] as const;
const HEIGHTS: Record<number, number> = { 1280: 800, 375: 812 };

/** The viewport of a width the specs use. */
export const viewportOf = (width: number) => ({ width, height: HEIGHTS[width] ?? 800 });

/** The viewports of WIDTHS: a spec that walks a journey at both widths runs once per viewport. */
export const VIEWPORTS = WIDTHS.map(viewportOf);

/**
 * checkScreen at each width (1280 and 375 px unless told), `ready` before each, for a spec that runs
 * at one width; the page's own viewport is restored afterwards. A spec that runs at both widths
 * checks each screen at its own width instead (checkScreen): one scan per screen per width.
 */
export async function capture(page: Page, name: string, ready: () => Promise<void>, widths: readonly number[] = WIDTHS): Promise<void> {
  const own = page.viewportSize() ?? viewportOf(1280);
  for (const width of widths) {
    await page.setViewportSize(viewportOf(width));
    await checkScreen(page, name, ready);
  }
  await page.setViewportSize(own);
}
