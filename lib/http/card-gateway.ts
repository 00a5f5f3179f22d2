import { getCardProcessor } from '@/lib/card-processor';
import { luhnValid } from '@/lib/contract/luhn';
import { CardProcessorUnavailableError, type CardProcessorResult } from '@/lib/contract/card-processor';
import { CARD_BUSINESS_ERRORS } from '@/lib/contract/card-errors';
import { cardCapabilitiesOf, cardCapabilityFor, cardOperation, type AnyCardOperationName } from '@/lib/contract/card-operations';
import type { EnvelopeB } from '@/lib/contract/envelopes';
import { strictInput } from '@/lib/contract/strict';
import { getDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { confirmedMatchOf } from '@/lib/services/aml/screening';
import { recordCardAnswer } from '@/lib/services/cards/directory';
import type { BaseContext } from './api-route';
import { readJsonBody } from './body';
import { cardProcessorTimeout, cardProcessorUnavailable, fromZodError, unknownCardOperation } from '@/lib/contract/api-errors';
import { assertCardCapability, type CardAuthContext } from './callers';

/**
 * One card operation through the gateway: look the operation up in the contract table (404 when it
 * is not one, or is sandbox-only without the sandbox), check the operation's capability, parse the body with the
 * operation's schema, hand it to the processor and answer Envelope B. Business errors are HTTP 200,
 * `success` false, `code` -1, the catalogue's msg and `data.reason`. Card numbers are masked in every
 * answer except secure/reveal, whatever the processor sends.
 */
export async function runCardOperation(ctx: BaseContext & CardAuthContext, path: string): Promise<Response> {
  const found = cardOperation(path);
  const processor = await getCardProcessor();
  if (!found || (found.spec.sandboxOnly && processor.kind !== 'sandbox')) throw unknownCardOperation(path);
  const { name, spec } = found;
  assertCardCapability(ctx.principal, ctx.scope, cardCapabilitiesOf(spec));

  const parsed = strictInput(spec.body).safeParse(await readJsonBody(ctx.req, getEnv().MAX_BODY_BYTES));
  if (!parsed.success) throw fromZodError(parsed.error);
  const body = parsed.data as Record<string, unknown>;
  // a one-time code's operations: the code's purpose names the capability
  assertCardCapability(ctx.principal, ctx.scope, [cardCapabilityFor(spec, body)]);

  // a confirmed sanctions or PEP match holds the customer: it may not lift its cards' freeze or get new cards (docs/aml.md)
  if (ctx.scope.kind === 'customer' && COMPLIANCE_HELD.has(name)) {
    const alertId = await confirmedMatchOf(await getDb(), ctx.tenant.id, ctx.scope.customerId);
    if (alertId)
      return businessError(name, spec.sensitive, {
        ok: false,
        reason: 'COMPLIANCE_HOLD',
        details: 'a confirmed sanctions or PEP match holds this customer until compliance clears it',
        data: { alertId },
      });
  }

  let result;
  try {
    result = await processor.execute({
      operation: name,
      body,
      context: {
        tenantId: ctx.tenant.id,
        userId: ctx.principal.userId,
        requestId: ctx.requestId,
        scope: ctx.scope,
        idempotencyKey: typeof body.idempotencyKey === 'string' ? body.idempotencyKey : undefined,
      },
    });
  } catch (error) {
    if (error instanceof CardProcessorUnavailableError) {
      ctx.log.warn({ operation: name, kind: error.kind, reason: error.message }, 'card processor unavailable');
      throw error.kind === 'timeout' ? cardProcessorTimeout() : cardProcessorUnavailable();
    }
    throw error;
  }

  if (!result.ok) ctx.log.info({ operation: name, reason: result.reason }, 'card business error');
  else await recordInDirectory(ctx, name, result.data);
  return cardAnswer(name, spec.sensitive, result);
}

/** The operations a compliance hold refuses to a customer: lifting a card's freeze, activating one, getting a new one. */
const COMPLIANCE_HELD = new Set<AnyCardOperationName>(['card/unfreeze', 'card/activate', 'card/apply']);

function businessError(name: AnyCardOperationName, sensitive: boolean, result: Extract<CardProcessorResult, { ok: false }>): Response {
  return cardAnswer(name, sensitive, result);
}

/** Envelope B of a processor's result (or the gateway's own refusal): card numbers masked except in secure/reveal. */
function cardAnswer(name: AnyCardOperationName, sensitive: boolean, result: CardProcessorResult): Response {
  const envelope: EnvelopeB<unknown> = result.ok
    ? { success: true, code: 200, msg: 'success', data: result.data }
    : {
        success: false,
        code: -1,
        msg: CARD_BUSINESS_ERRORS[result.reason],
        data: { ...result.data, reason: result.reason, ...(result.details ? { details: result.details } : {}) },
      };
  const text = JSON.stringify(name === 'secure/reveal' ? envelope : maskPansIn(envelope));
  return new Response(text, {
    status: 200,
    headers: { 'content-type': 'application/json', ...(sensitive ? { Pragma: 'no-cache' } : {}) },
  });
}

/**
 * The platform's card directory (lib/services/cards/directory.ts) learns from every successful answer,
 * in this request. The processor has already done the operation, so a failure to record it does not
 * turn the answer into an error: it is logged, and the next card/info or card/list of the card mends
 * the row.
 */
async function recordInDirectory(ctx: BaseContext & CardAuthContext, operation: AnyCardOperationName, data: unknown): Promise<void> {
  try {
    await recordCardAnswer(await getDb(), ctx.tenant.id, operation, data);
  } catch (error) {
    ctx.log.warn({ operation, err: error instanceof Error ? error.message : String(error) }, 'card directory not updated');
  }
}

/**
 * maskPans applied to every string (keys too) of a JSON value, before it is serialized: card
 * numbers travel as strings, and a number that happens to look like one (a page number) must stay
 * a number, or the answer would not be JSON any more.
 */
export function maskPansIn(value: unknown): unknown {
  if (typeof value === 'string') return maskPans(value);
  if (Array.isArray(value)) return value.map(maskPansIn);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskPans(k), maskPansIn(v)]));
  return value;
}

/**
 * Masks (first 6 + last 4) every Luhn-valid run of 13 to 19 digits that starts like a card scheme
 * (2-6) and is not a phone number (no leading +): the last line of defence.
 */
export function maskPans(text: string): string {
  return text.replace(/(?<![\d+])[2-6]\d{12,18}(?!\d)/g, (run) => (luhnValid(run) ? `${run.slice(0, 6)}${'*'.repeat(run.length - 10)}${run.slice(-4)}` : run));
}
