import type { CardBusinessReason } from '@/lib/contract/card-errors';
import type { AnyCardOperationName } from '@/lib/contract/card-operations';
import { IDEMPOTENCY_KEY_HEADER } from '@/lib/contract/idempotency';

/**
 * The one seam between the card gateway and whoever processes cards: the built-in sandbox
 * (lib/card-processor/sandbox) or a real processor reached over HTTP (lib/card-processor/http-client.ts).
 * It lives in the contract layer so that services which act on cards (the dashboard's counts, AML's
 * freezes) receive a processor from their caller without importing lib/card-processor, which sits
 * above them. Nothing here knows about Request/Response or Envelope B; the gateway maps results onto
 * the envelope.
 */

/** Whose cards the caller may see. A customer user: the cards of its customer. An admin: the tenant's. */
export type CardScope = { kind: 'customer'; customerId: string } | { kind: 'tenant' };

export interface CardRequestContext {
  tenantId: string;
  userId: string;
  requestId: string;
  scope: CardScope;
  /** the body's idempotencyKey, when the operation takes one */
  idempotencyKey?: string;
}

export interface CardProcessorRequest {
  operation: AnyCardOperationName;
  /** the body, already parsed with the operation's schema */
  body: Record<string, unknown>;
  context: CardRequestContext;
}

export type CardProcessorResult = { ok: true; data: unknown } | { ok: false; reason: CardBusinessReason; details?: string; data?: Record<string, unknown> };

/** The processor could not answer: a timeout (504) or an unusable answer / 5xx (502). */
export class CardProcessorUnavailableError extends Error {
  constructor(
    readonly kind: 'timeout' | 'bad_gateway',
    message: string,
  ) {
    super(message);
    this.name = 'CardProcessorUnavailableError';
  }
}

export interface CardProcessor {
  /** 'sandbox' also serves the SANDBOX_OPERATIONS (the in-process sandbox, or the HTTP client with CARD_PROCESSOR_SANDBOX=true) */
  readonly kind: 'sandbox' | 'http';
  execute(request: CardProcessorRequest): Promise<CardProcessorResult>;
  close?(): Promise<void>;
}

/** Headers the HTTP client forwards to a real processor, and the sandbox HTTP server reads. */
export const PROCESSOR_HEADERS = {
  tenant: 'x-tenant-id',
  user: 'x-user-id',
  requestId: 'x-request-id',
  idempotencyKey: IDEMPOTENCY_KEY_HEADER.toLowerCase(),
  scope: 'x-card-scope',
} as const;
