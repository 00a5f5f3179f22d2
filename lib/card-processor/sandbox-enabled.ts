import { getEnv } from '@/lib/env';

/** (Server side.) Whether the card gateway serves the sandbox-only operations (simulate/*): the built-in sandbox, or ours over HTTP. */
export function cardSandboxEnabled(): boolean {
  const env = getEnv();
  return !env.CARD_PROCESSOR_URL || env.CARD_PROCESSOR_SANDBOX;
}
