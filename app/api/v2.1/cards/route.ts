import { searchRoutes } from '@/lib/contract/routes/search';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { searchCards } from '@/lib/services/search/cards';

// GET /api/v2.1/cards - find cards by last four digits, cardholder name or email, customer or card id (masked, tenant-scoped)
const getCards = endpoint(searchRoutes.searchCards, async ({ db, tenant, query }) => envelopeA(await searchCards(db, tenant.id, query)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCards);
