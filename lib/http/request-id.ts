import { randomUUID } from 'node:crypto';
import { REQUEST_ID_PATTERN } from '@/lib/contract/headers';
import { REQUEST_ID_HEADER } from './envelope';

/** The client's X-Request-ID when it is sane (1-128 of [A-Za-z0-9._:-]), else a new UUID. */
export function requestIdOf(req: Request): string {
  const given = req.headers.get(REQUEST_ID_HEADER);
  return given && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}
