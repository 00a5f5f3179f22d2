import { createdDraftSchema, discardedDraftSchema, draftPageSchema, draftParamsSchema, draftSchema, draftTokenParamsSchema, listDraftsQuerySchema, saveDraftBodySchema } from '../drafts';
import { draftConsumed, draftExpired, notFound } from '../api-errors';
import { customerHeaders, EXAMPLE_ID, EXAMPLE_TIME } from './shared';
import { defineRoute } from './types';

// ------------------------------------------------------------------------- registration drafts (docs/drafts.md)
const staff = { tags: ['Drafts'], auth: 'bearer', allow: 'tenant:staff' } as const;
const unusable = [notFound('draft'), draftConsumed(EXAMPLE_ID, EXAMPLE_ID), draftExpired(EXAMPLE_ID, EXAMPLE_TIME.toISOString())];

const createDraft = defineRoute({
  method: 'POST',
  path: '/api/v2.1/drafts',
  tags: ['Drafts'],
  auth: 'tenantOptionalBearer',
  headers: customerHeaders,
  rateLimit: 'registration',
  idempotency: true,
  summary: "Start a registration draft (a staff user's, or a self sign-up's with a resume token)",
  message: 'draft saved',
  description:
    'A member of the staff (bearer token) starts a draft any colleague can resume by its id; without a credential (self sign-up, throttled like registration) the answer carries `resumeToken` once: only its hash is kept. Passwords and document files are never kept.',
  body: saveDraftBodySchema,
  response: createdDraftSchema,
});

const listDrafts = defineRoute({
  ...staff,
  method: 'GET',
  path: '/api/v2.1/drafts',
  summary: "The tenant's open drafts that have not expired, last saved first",
  query: listDraftsQuerySchema,
  response: draftPageSchema,
});

const getDraft = defineRoute({
  ...staff,
  method: 'GET',
  path: '/api/v2.1/drafts/{draftId}',
  summary: 'One draft with its content (to resume it)',
  params: draftParamsSchema,
  response: draftSchema,
  errors: unusable,
});

const updateDraft = defineRoute({
  ...staff,
  method: 'PUT',
  path: '/api/v2.1/drafts/{draftId}',
  summary: "Save the wizard's values and step over the draft's (the last save wins); its expiry moves",
  message: 'draft saved',
  params: draftParamsSchema,
  body: saveDraftBodySchema,
  response: draftSchema,
  errors: unusable,
});

const discardDraft = defineRoute({
  ...staff,
  method: 'DELETE',
  path: '/api/v2.1/drafts/{draftId}',
  summary: 'Discard a draft for good',
  message: 'draft discarded',
  params: draftParamsSchema,
  response: discardedDraftSchema,
  errors: [notFound('draft')],
});

const getDraftByToken = defineRoute({
  method: 'GET',
  path: '/api/v2.1/drafts/resume/{resumeToken}',
  tags: ['Drafts'],
  auth: 'tenant',
  summary: "Resume a self sign-up's draft with its link token",
  params: draftTokenParamsSchema,
  response: draftSchema,
  errors: unusable,
});

const updateDraftByToken = defineRoute({
  method: 'PUT',
  path: '/api/v2.1/drafts/resume/{resumeToken}',
  tags: ['Drafts'],
  auth: 'tenant',
  summary: "Save a self sign-up's draft with its link token",
  message: 'draft saved',
  params: draftTokenParamsSchema,
  body: saveDraftBodySchema,
  response: draftSchema,
  errors: unusable,
});

export const draftRoutes = { createDraft, listDrafts, getDraft, updateDraft, discardDraft, getDraftByToken, updateDraftByToken };
