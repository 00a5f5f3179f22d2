import { getEnv } from '@/lib/env';
import { createHttpCardProcessor } from './http-client';
import { createSandboxProcessor } from './sandbox';
import type { CardProcessor } from '@/lib/contract/card-processor';

/**
 * The processor the gateway talks to: a real one over HTTP when CARD_PROCESSOR_URL is set, the
 * built-in sandbox otherwise. One instance per process (kept on globalThis across hot reloads).
 */
const holder = globalThis as unknown as { __bpCardProcessor?: { key: string; processor: CardProcessor } };

export async function getCardProcessor(): Promise<CardProcessor> {
  const env = getEnv();
  const key = env.CARD_PROCESSOR_URL ?? 'sandbox';
  if (holder.__bpCardProcessor?.key === key) return holder.__bpCardProcessor.processor;
  const processor = env.CARD_PROCESSOR_URL
    ? createHttpCardProcessor({
        baseUrl: env.CARD_PROCESSOR_URL,
        apiKey: env.CARD_PROCESSOR_API_KEY,
        timeoutMs: env.CARD_PROCESSOR_TIMEOUT_MS,
        connections: env.CARD_PROCESSOR_CONNECTIONS,
        sandbox: env.CARD_PROCESSOR_SANDBOX,
      })
    : createSandboxProcessor();
  const previous = holder.__bpCardProcessor?.processor;
  holder.__bpCardProcessor = { key, processor };
  await previous?.close?.();
  return processor;
}

/** Forget the current processor (tests switch CARD_PROCESSOR_URL between files). */
export async function resetCardProcessor(): Promise<void> {
  const previous = holder.__bpCardProcessor?.processor;
  holder.__bpCardProcessor = undefined;
  await previous?.close?.();
}
