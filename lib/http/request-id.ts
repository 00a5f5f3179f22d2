import { randomUUID } from 'node:crypto';
import { REQUEST_ID_PATTERN } from '@/lib/contract/headers';
import { scrubString } from '@/lib/log';
import { REQUEST_ID_HEADER } from './envelope';

/**
 * The client's X-Request-ID when it is sane (1-128 of [A-Za-z0-9._:-]) and carries nothing that
 * log redaction would mask (a card-number-shaped id would otherwise sit in every log line of the
 * request); else a new UUID.
 */
export function requestIdOf(req: Request): string {
  const given = req.headers.get(REQUEST_ID_HEADER);
  return given && REQUEST_ID_PATTERN.test(given) && scrubString(given) === given ? given : randomUUID();
}
