import { consentTemplateRoutes } from '@/lib/contract/routes/consent-templates';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { consentTextsInForce } from '@/lib/services/consent-templates/templates';

// GET /api/v2.1/consent-texts - the X-Tenant-ID tenant's consent texts in force (public)
const inForce = endpoint(consentTemplateRoutes.inForce, async ({ db, tenant }) => envelopeA({ items: await consentTextsInForce(db, tenant.id) }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(inForce);
