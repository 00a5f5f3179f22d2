import { z } from 'zod';

/** One `errors[]` item: `field` is the dotted path of the offending input. */
export const fieldErrorSchema = z.object({
  field: z.string().describe('dotted path of the offending input, e.g. individualCustomer.person.email'),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The members an error `data` may carry (the contract's Error body); catalogue rows add their own. */
export const errorDataSchema = z
  .object({
    error: z.string().optional().describe('machine-readable error type'),
    details: z.string().optional(),
    field: z.string().optional(),
    suggestions: z.array(z.string()).optional(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .catchall(z.unknown());
export type ErrorData = z.infer<typeof errorDataSchema>;

/** Envelope A: session, registration, webhook endpoints and every error body outside the card API. */
export const envelopeASchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int().describe('HTTP-style status code; mirrors the HTTP status'),
    message: z.string().describe('result message'),
    data,
  });
export type EnvelopeA<T> = { code: number; message: string; data: T };

declare const jsonOf: unique symbol;
/** JSON text that the database (or a service) built for a known shape: Envelope A's `data` without parsing it (envelopeAJson). */
export type JsonText<T> = string & { readonly [jsonOf]: T };

export const errorEnvelopeASchema = envelopeASchema(errorDataSchema);

/** Envelope B: the virtual card API. code is 200 OK, -1 business error, 401 unauthorized, 500 server error. */
export const ENVELOPE_B_CODES = { OK: 200, BUSINESS_ERROR: -1, UNAUTHORIZED: 401, SERVER_ERROR: 500 } as const;
export const envelopeBSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    code: z.union([z.literal(200), z.literal(-1), z.literal(401), z.literal(500), z.number().int()]),
    msg: z.string(),
    data,
  });
export type EnvelopeB<T> = { success: boolean; code: number; msg: string; data: T };

/** Paged lists: the same shape everywhere. */
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), pageNo: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
