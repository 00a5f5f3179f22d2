import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * deploy/env.example is what an operator copies to deploy/.env: it switches on no development
 * convenience and no sandbox (issue 26, item 5: the built-in sandbox hands out one-time codes through
 * sandbox/otp/peek). Each stays a commented line an operator must choose to uncomment.
 */
const example = readFileSync(path.resolve(__dirname, '../../deploy/env.example'), 'utf8');
const set = new Map(
  example
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

describe('deploy/env.example', () => {
  it.each(['CARD_PROCESSOR_SANDBOX', 'SANDBOX_FUNDING', 'WEBHOOK_ALLOW_PRIVATE_NETWORKS', 'ALLOW_INSECURE_HTTP', 'SEED_DEMO'])('does not set %s', (name) => {
    expect(set.has(name), `${name}=${set.get(name)}`).toBe(false);
  });

  it('names the sandbox and the http trial only as commented choices', () => {
    expect(example).toContain('#CARD_PROCESSOR_SANDBOX=true');
    expect(example).toContain('#ALLOW_INSECURE_HTTP=true');
  });
});
