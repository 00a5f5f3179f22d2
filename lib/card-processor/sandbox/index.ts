import { CardProcessorUnavailableError, type CardProcessor } from '../types';

/**
 * PLACEHOLDER until the sandbox processor branch (issue6s) merges: it replaces this file with the
 * real implementation. Until then every operation answers as an unavailable processor (502).
 */
export function createSandboxProcessor(): CardProcessor {
  return {
    kind: 'sandbox',
    execute: async () => {
      throw new CardProcessorUnavailableError('bad_gateway', 'the sandbox processor is not built yet');
    },
  };
}
