import { referenceDataKindAnswerSchema, referenceDataKindParamsSchema, referenceDataSchema } from '../reference-data';
import { defineRoute } from './types';

const tags = ['Reference data'];
const caching =
  'The same for every caller and every tenant, and changed only by a deployment: answered with a strong `ETag` (the hash of the content) and ' +
  '`Cache-Control: public, max-age=300`; a request whose `If-None-Match` names the current ETag is answered `304 Not Modified` without a body.';

const all = defineRoute({
  method: 'GET',
  path: '/api/v2.1/reference-data',
  tags,
  auth: 'none',
  summary: 'Every reference list: countries, currencies, document types, reason codes, event types',
  description: caching,
  response: referenceDataSchema,
});

const kind = defineRoute({
  method: 'GET',
  path: '/api/v2.1/reference-data/{kind}',
  tags,
  auth: 'none',
  summary: 'One reference list (countries, currencies, documentTypes, reasonCodes or eventTypes)',
  description: caching,
  params: referenceDataKindParamsSchema,
  response: referenceDataKindAnswerSchema,
});

export const referenceDataRoutes = { all, kind };
