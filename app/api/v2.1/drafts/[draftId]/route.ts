import { draftRoutes } from '@/lib/contract/routes/drafts';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { discardDraft, getDraft, updateDraft } from '@/lib/services/drafts/drafts';

// GET /api/v2.1/drafts/{draftId} - one draft with its content (to resume it)
const getOne = endpoint(draftRoutes.getDraft, async ({ db, tenant, params }) => envelopeA(await getDraft(db, tenant.id, params.draftId)));

// PUT /api/v2.1/drafts/{draftId} - save the wizard's values and step (the last save wins)
const putOne = endpoint(draftRoutes.updateDraft, async ({ db, tenant, principal, params, body }) =>
  envelopeA(await updateDraft(db, tenant.id, params.draftId, body, { userId: principal.userId }), { message: 'draft saved' }),
);

// DELETE /api/v2.1/drafts/{draftId} - discard a draft for good
const deleteOne = endpoint(draftRoutes.discardDraft, async ({ db, tenant, principal, params, log }) => {
  const discarded = await discardDraft(db, tenant.id, params.draftId, { userId: principal.userId });
  log.info({ draftId: discarded.id }, 'draft discarded');
  return envelopeA(discarded, { message: 'draft discarded' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne, putOne, deleteOne);
