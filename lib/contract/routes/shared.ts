import { z } from 'zod';
import { userExists } from '../identity';

/** Example values and small shapes the route definitions share (examples in the OpenAPI document). */
export const EXAMPLE_ID = '7c0d2f4e-5a8b-4c1d-9e3f-2a6b8c0d1e4f';
export const EXAMPLE_TIME = new Date('2026-01-01T12:00:00.000Z');

export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const customerHeaders = { required: [], optional: ['X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId', 'User-Agent'] } as const;
export const proofHeaders = { required: [], optional: ['X-Forwarded-For', 'User-Agent'] } as const;

/** 409 of a registration or a new user whose email or username the tenant already has */
export const duplicateUser = [userExists('email'), userExists('username')];
