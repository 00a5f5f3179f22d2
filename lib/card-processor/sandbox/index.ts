import { ALL_CARD_OPERATIONS, type AnyCardOperationName, type CardOperationBody } from '@/lib/contract/card-operations';
import { getDb } from '@/lib/db/client';
import type { CardProcessor, CardProcessorRequest, CardProcessorResult } from '@/lib/contract/card-processor';
import { cardholderHandlers } from './cardholders';
import { cardHandlers } from './cards';
import { controlHandlers } from './controls';
import { runOperation, type OpHandler } from './core';
import { disputeHandlers } from './disputes';
import { sendActivity, type SandboxEventsOptions } from './events-sender';
import { fundingHandlers } from './funding';
import { limitHandlers } from './limits';
import { pinHandlers } from './pin';
import { collectingActivity } from './report';
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

/**
 * `events`: the sandbox plays an external processor and sends its card activity to the platform's
 * inbound endpoint, signed, instead of recording it in process (./report.ts, ./events-sender.ts).
 */
export function createSandboxProcessor(options: { events?: SandboxEventsOptions } = {}): CardProcessor {
  return {
    kind: 'sandbox',
    async execute<N extends AnyCardOperationName>(request: CardProcessorRequest & { operation: N }): Promise<CardProcessorResult> {
      const name = request.operation;
      if (!Object.prototype.hasOwnProperty.call(ALL_CARD_OPERATIONS, name)) throw new Error(`unknown card operation ${String(name)}`);
      const handler = SANDBOX_HANDLERS[name] as OpHandler<N>;
      const run = async () => runOperation(await getDb(), name, handler, request.body as CardOperationBody<N>, request.context);
      if (!options.events) return run();
      const { result, reported } = await collectingActivity(run);
      // committed: report what happened (a business error rolled its activity back with it)
      if (result.ok) await sendActivity(options.events, reported);
      return result;
    },
  };
}
