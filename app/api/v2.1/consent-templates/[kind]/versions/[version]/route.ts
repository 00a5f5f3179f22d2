import { CONSENT_SLUGS } from '@/lib/contract/onboarding';
import { consentTemplateRoutes } from '@/lib/contract/routes/consent-templates';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { discardConsentDraft } from '@/lib/services/consent-templates/templates';

// DELETE /api/v2.1/consent-templates/{kind}/versions/{version} - discard a draft
const discard = endpoint(consentTemplateRoutes.discard, async ({ db, principal, params }) =>
  envelopeA(await discardConsentDraft(db, principal, CONSENT_SLUGS[params.kind], params.version), { message: 'consent draft discarded' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(discard);
