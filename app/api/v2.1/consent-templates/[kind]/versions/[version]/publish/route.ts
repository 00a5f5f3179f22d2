import { CONSENT_SLUGS } from '@/lib/contract/onboarding';
import { consentTemplateRoutes } from '@/lib/contract/routes/consent-templates';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { publishConsentVersion } from '@/lib/services/consent-templates/templates';

// POST /api/v2.1/consent-templates/{kind}/versions/{version}/publish - put a draft in force
const publish = endpoint(consentTemplateRoutes.publish, async ({ db, principal, params }) =>
  envelopeA(await publishConsentVersion(db, principal, CONSENT_SLUGS[params.kind], params.version), { message: 'consent version published' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(publish);
