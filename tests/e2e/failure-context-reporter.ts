import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Longest page snapshot printed for one failed test; the rest stays in its file. */
const MAX_CHARS = 8_000;

/**
 * The page as it stood when a test failed, printed in the log: the accessibility tree in the error
 * context Playwright writes for every failure, which the list reporter only names by its path. In
 * CI the log is all that is left of a failed run (the files stay on the machine that ran it), and
 * the traces that would show the page are not recorded there (playwright.config.ts). Added to the
 * reporters in CI.
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context' || !attachment.path) continue;
      const snapshot = pageSnapshotOf(readText(attachment.path));
      if (!snapshot) continue;
      const shown = snapshot.length > MAX_CHARS ? `${snapshot.slice(0, MAX_CHARS)}\n… ${snapshot.length - MAX_CHARS} more characters in ${attachment.path}` : snapshot;
      process.stdout.write(`\n──── the page when "${test.titlePath().filter(Boolean).join(' › ')}" failed ────\n${shown}\n`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The page in an error-context.md: its YAML blocks, which are the page's accessibility tree, either
 * under "# Page snapshot" or, when the failed assertion took one of its own, under "# Error
 * details"; '' when it has none.
 */
export function pageSnapshotOf(markdown: string): string {
  const blocks = markdown.match(/^```yaml\n[\s\S]*?^```$/gm) ?? [];
  return blocks.join('\n').trim();
}
