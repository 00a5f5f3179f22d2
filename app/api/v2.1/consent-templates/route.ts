import { consentTemplateRoutes } from '@/lib/contract/routes/consent-templates';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { listConsentTemplates } from '@/lib/services/consent-templates/templates';

// GET /api/v2.1/consent-templates - every consent kind with its version in force and open draft
const list = endpoint(consentTemplateRoutes.list, async ({ db, principal }) => envelopeA(await listConsentTemplates(db, principal.tenantId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(list);
