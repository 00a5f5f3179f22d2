import { expect, test, type APIRequestContext } from '@playwright/test';
import { PANEL_CUSTOMER_ACCOUNT } from '@/lib/contract/panel';
import { CUSTOMER_PASSWORD, activeIndividual, context, staffTenant } from '../money-world';

/**
 * The panel's sign-in (next-auth's credentials callback) for a customer's user: the right password
 * answers 403 with "customer accounts sign in through the API, not the panel" and is not a failed
 * attempt (before, it counted: five tries at the panel locked the customer out of the API it uses).
 * A wrong password still counts, from the first.
 */

/** One panel sign-in through next-auth; the error document the form shows, or null when signed in. */
async function panelSignIn(request: APIRequestContext, tenantId: string, username: string, password: string): Promise<Record<string, unknown> | null> {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await request.post('/api/auth/callback/credentials', { form: { csrfToken, tenantId, username, password, json: 'true' }, maxRedirects: 0 });
  const url = res.headers()['location'] ?? ((await res.json()) as { url: string }).url;
  const error = new URL(url, 'http://panel.invalid').searchParams.get('error');
  return error ? (JSON.parse(error) as Record<string, unknown>) : null;
}

test("a customer's valid credentials at the panel: told to use the API, never counted as a failed attempt, never locked", async ({ request }) => {
  test.setTimeout(90_000);
  const staff = await staffTenant(request, 'Panel customer');
  const { email } = await activeIndividual(request, staff);
  for (let i = 1; i <= 6; i++) {
    expect(await panelSignIn(request, staff.tenantId, email, CUSTOMER_PASSWORD), `attempt ${i}`).toEqual({
      status: 403,
      message: 'access denied',
      details: PANEL_CUSTOMER_ACCOUNT,
      lockoutTime: null,
    });
  }
  // six valid tries counted nothing: a wrong password is the first failed attempt
  expect(await panelSignIn(request, staff.tenantId, email, 'Wrong-Lantern-1?')).toMatchObject({ status: 401, message: 'authentication failed', attempts: 1, maxAttempts: 5 });
  // and the customer signs in where customers do: the API
  const login = await request.post('/api/auth/login', { headers: context(staff.tenantId), data: { email, password: CUSTOMER_PASSWORD, tenantId: staff.tenantId } });
  expect(login.status(), await login.text()).toBe(200);
  // a member of staff still signs in to the panel
  expect(await panelSignIn(request, staff.tenantId, staff.officerName, 'Quiet-Approver-42?')).toBeNull();
});
