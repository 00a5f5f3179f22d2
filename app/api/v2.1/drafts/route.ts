import { draftRoutes } from '@/lib/contract/routes/drafts';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { registrationContext } from '@/lib/http/registrar';
import { route } from '@/lib/http/route';
import { createDraft, listDrafts } from '@/lib/services/drafts/drafts';

// GET /api/v2.1/drafts - the tenant's open drafts that have not expired, last saved first
const getDrafts = endpoint(draftRoutes.listDrafts, async ({ db, tenant, query }) => envelopeA(await listDrafts(db, tenant.id, query)));

// POST /api/v2.1/drafts - start a registration draft (staff, or a self sign-up with a resume token)
const postDraft = endpoint(draftRoutes.createDraft, async ({ db, req, tenant, headers, body, log, principal }) => {
  // who may start one is who may register: staff of this tenant, or anonymous (throttled as sign-up)
  const { registrarUserId } = await registrationContext(db, req, tenant, headers, principal);
  const draft = await createDraft(db, tenant.id, body, { userId: registrarUserId });
  log.info({ draftId: draft.id, customerType: draft.customerType, selfSignUp: draft.selfSignUp }, 'draft started');
  return envelopeA(draft, { message: 'draft saved' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getDrafts, postDraft);
