import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { addNote } from '@/lib/services/onboarding/verification';

// POST /api/v2.1/verifications/{verificationId}/notes - add a reviewer note
const postNote = endpoint(onboardingRoutes.addNote, async ({ db, principal, params, body }) =>
  envelopeA(await addNote(db, principal, params.verificationId, body.body), { message: 'note added' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postNote);
