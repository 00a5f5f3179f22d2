import { PANEL_CARD_ROLES } from '@/lib/contract/panel';
import { searchCardsQuerySchema } from '@/lib/contract/search';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { searchCards } from '@/lib/services/search/cards';

// GET /api/v2.1/cards - find cards by last four digits, cardholder name or email, customer or card id (masked, tenant-scoped)
const getCards = withAuth(async ({ db, tenant, query }) => envelopeA(await searchCards(db, tenant.id, query)), {
  roles: PANEL_CARD_ROLES,
  query: searchCardsQuerySchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getCards });
