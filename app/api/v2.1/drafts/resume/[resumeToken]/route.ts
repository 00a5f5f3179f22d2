import { draftRoutes } from '@/lib/contract/routes/drafts';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getDraftByToken, updateDraftByToken } from '@/lib/services/drafts/drafts';

// GET /api/v2.1/drafts/resume/{resumeToken} - resume a self sign-up's draft with its link token
const getOne = endpoint(draftRoutes.getDraftByToken, async ({ db, tenant, params }) => envelopeA(await getDraftByToken(db, tenant.id, params.resumeToken)));

// PUT /api/v2.1/drafts/resume/{resumeToken} - save a self sign-up's draft with its link token
const putOne = endpoint(draftRoutes.updateDraftByToken, async ({ db, tenant, params, body }) =>
  envelopeA(await updateDraftByToken(db, tenant.id, params.resumeToken, body), { message: 'draft saved' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne, putOne);
