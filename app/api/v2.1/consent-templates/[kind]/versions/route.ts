import { CONSENT_SLUGS } from '@/lib/contract/onboarding';
import { consentTemplateRoutes } from '@/lib/contract/routes/consent-templates';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { createConsentDraft } from '@/lib/services/consent-templates/templates';

// POST /api/v2.1/consent-templates/{kind}/versions - draft a new version of a consent text
const create = endpoint(consentTemplateRoutes.createVersion, async ({ db, principal, params, body }) =>
  envelopeA(await createConsentDraft(db, principal, CONSENT_SLUGS[params.kind], body), { message: 'consent draft created' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(create);
