import { ALL_CARD_OPERATIONS, type AnyCardOperationName, type CardOperationBody } from '@/lib/contract/card-operations';
import { getDb } from '@/lib/db/client';
import type { CardProcessor, CardProcessorRequest, CardProcessorResult } from '@/lib/contract/card-processor';
import { cardholderHandlers } from './cardholders';
import { cardHandlers } from './cards';
import { controlHandlers } from './controls';
import { runOperation, type OpHandler } from './core';
import { disputeHandlers } from './disputes';
import { fundingHandlers } from './funding';
import { limitHandlers } from './limits';
import { pinHandlers } from './pin';
import { secureHandlers } from './secure';
import { simulateHandlers } from './simulate';
import { statementHandlers } from './statements';
import { threeDsHandlers } from './threeds';
import { transactionHandlers } from './transactions';
import { walletHandlers } from './wallet';

/**
 * The built-in sandbox card processor: all 46 operations and the sandbox-only ones over its own
 * tables (lib/db/schema/cards.ts), each in one transaction. See docs/cards.md.
 */
export const SANDBOX_HANDLERS: { [N in AnyCardOperationName]: OpHandler<N> } = {
  ...cardHandlers,
  ...secureHandlers,
  ...limitHandlers,
  ...controlHandlers,
  ...fundingHandlers,
  ...transactionHandlers,
  ...statementHandlers,
  ...cardholderHandlers,
  ...pinHandlers,
  ...threeDsHandlers,
  ...walletHandlers,
  ...disputeHandlers,
  ...simulateHandlers,
};

export function createSandboxProcessor(): CardProcessor {
  return {
    kind: 'sandbox',
    async execute<N extends AnyCardOperationName>(request: CardProcessorRequest & { operation: N }): Promise<CardProcessorResult> {
      const name = request.operation;
      if (!Object.prototype.hasOwnProperty.call(ALL_CARD_OPERATIONS, name)) throw new Error(`unknown card operation ${String(name)}`);
      const handler = SANDBOX_HANDLERS[name] as OpHandler<N>;
      return runOperation(await getDb(), name, handler, request.body as CardOperationBody<N>, request.context);
    },
  };
}
