import { expect, test } from '@playwright/test';
import { PACKAGE_VERSION, UUID_RE } from '../../fixtures';
import { bodyOf } from '../../helpers';

test.describe('GET /api/health', () => {
  test('answers 200 with the database state, uptime and version', async ({ request }, testInfo) => {
    const res = await request.get('/api/health');
    const driver = (testInfo.project.metadata as { database: string }).database;
    expect({ status: res.status(), body: await bodyOf(res) }).toEqual({
      status: 200,
      body: {
        code: 200,
        message: 'OK',
        data: {
          status: 'ok',
          database: { status: 'ok', reachable: true, driver, latencyMs: expect.any(Number) },
          uptimeSeconds: expect.any(Number),
          version: PACKAGE_VERSION,
        },
      },
    });
    const { data } = (await res.json()) as { data: { database: { latencyMs: number }; uptimeSeconds: number } };
    expect(Number.isInteger(data.uptimeSeconds) && data.uptimeSeconds >= 0).toBe(true);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    expect(res.headers()['cache-control']).toBe('no-store');
    expect(res.headers()['x-request-id']).toMatch(UUID_RE);
  });

  test('HEAD answers 200 without a body', async ({ request }) => {
    const res = await request.head('/api/health');
    expect(res.status()).toBe(200);
    expect(await res.text()).toBe('');
    expect(res.headers()['x-request-id']).toMatch(UUID_RE);
  });
});
