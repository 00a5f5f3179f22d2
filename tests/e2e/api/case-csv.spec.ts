import { expect, test } from '@playwright/test';
import { activeIndividual, staffTenant } from '../money-world';

/**
 * The case's CSV export (GET /verifications/{id}/timeline?format=csv, and the customer's timeline)
 * starts with the UTF-8 byte order mark: a spreadsheet then reads its arrows, quotes and names as
 * UTF-8 instead of garbling them.
 */
test('the case CSV starts with the UTF-8 byte order mark and keeps its arrows and quotes', async ({ request }) => {
  test.setTimeout(90_000);
  const staff = await staffTenant(request, 'Case CSV');
  const { customerId, verificationId } = await activeIndividual(request, staff, { firstName: 'Zoe', lastName: `Ørsted${Date.now().toString(36)}` });
  for (const path of [`/api/v2.1/verifications/${verificationId}/timeline?format=csv`, `/api/v2.1/customer/individual/${customerId}/timeline?format=csv`]) {
    const res = await request.get(path, { headers: staff.officer });
    expect(res.status(), await res.text()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const bytes = await res.body();
    expect([...bytes.subarray(0, 3)], path).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('time,event,action,actor,actor roles,actor id,entity type,entity id,changes\r\n'), path).toBe(true);
    // the status changes read with their arrow, intact
    expect(text, path).toContain('→');
  }
});
