import { describe, expect, it } from 'vitest';
import { pageSnapshotOf } from '../e2e/failure-context-reporter';

/** What CI's log shows of a failed browser test besides its error (tests/e2e/failure-context-reporter.ts). */
const errorContext = [
  '# Instructions',
  '',
  '- Following Playwright test failed.',
  '',
  '# Test info',
  '',
  '- Name: money >> a wallet is frozen',
  '',
  '# Error details',
  '',
  '```',
  'Error: expect(locator).toBeVisible() failed',
  '```',
  '',
  '# Page snapshot',
  '',
  '```yaml',
  '- heading "Wallets" [level=1]',
  '- button "Freeze wallet"',
  '```',
  '',
  '# Test source',
  '',
  '```ts',
  "await page.getByRole('button').click();",
  '```',
].join('\n');

describe("a failed test's page snapshot", () => {
  it('is the "Page snapshot" of its error context, without the error or the source around it', () => {
    expect(pageSnapshotOf(errorContext)).toBe(['```yaml', '- heading "Wallets" [level=1]', '- button "Freeze wallet"', '```'].join('\n'));
  });

  it("is the assertion's own snapshot when the failed assertion took one (it then stands under the error)", () => {
    const ownSnapshot = '# Error details\n\n```\nError: toBeVisible failed\n```\n\n```yaml\n- main:\n  - text: Business Platform\n```\n\n# Test source\n';
    expect(pageSnapshotOf(ownSnapshot)).toBe('```yaml\n- main:\n  - text: Business Platform\n```');
  });

  it('is nothing when the context has none (a test that failed before it had a page)', () => {
    expect(pageSnapshotOf(errorContext.replace(/```yaml[\s\S]*?```\n/, ''))).toBe('');
    expect(pageSnapshotOf('')).toBe('');
  });
});
