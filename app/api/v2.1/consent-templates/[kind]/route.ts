import { CONSENT_SLUGS } from '@/lib/contract/onboarding';
import { consentTemplateRoutes } from '@/lib/contract/routes/consent-templates';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getConsentTemplate } from '@/lib/services/consent-templates/templates';

// GET /api/v2.1/consent-templates/{kind} - one consent kind with all its versions
const get = endpoint(consentTemplateRoutes.get, async ({ db, principal, params }) => envelopeA(await getConsentTemplate(db, principal.tenantId, CONSENT_SLUGS[params.kind])));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(get);
