import { noteBodySchema, verificationParamsSchema } from '@/lib/contract/onboarding';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { addNote } from '@/lib/services/onboarding/verification';

// POST /api/v2.1/verifications/{verificationId}/notes - add a reviewer note
const postNote = withAuth(async ({ db, principal, params, body }) => envelopeA(await addNote(db, principal, params.verificationId, body.body), { message: 'note added' }), {
  params: verificationParamsSchema,
  body: noteBodySchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postNote });
