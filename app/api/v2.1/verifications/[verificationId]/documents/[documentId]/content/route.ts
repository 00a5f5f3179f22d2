import { onboardingRoutes } from '@/lib/contract/routes/onboarding';
import { endpoint } from '@/lib/http/endpoint';
import { route } from '@/lib/http/route';
import { documentContent } from '@/lib/services/onboarding/verification';

// GET /api/v2.1/verifications/{verificationId}/documents/{documentId}/content - the file, for the reviewer's viewer
const getContent = endpoint(onboardingRoutes.documentContent, async ({ db, principal, params }) => {
  const doc = await documentContent(db, principal, params.verificationId, params.documentId);
  return new Response(new Uint8Array(doc.content), {
    headers: {
      'Content-Type': doc.mimeType,
      // shown in place, under a name that says what and whose it is (the tab of a PDF, a download)
      'Content-Disposition': `inline; filename="${doc.fileName}"`,
      ETag: `"${doc.sha256}"`,
      'Cache-Control': 'private, no-store',
      // images are sandboxed outright; a PDF needs the browser's viewer, which a sandbox blocks:
      // it gets no scripts or connections of its own and may be framed only by the panel
      // shown in the review page's frame: framed by our own pages only (every other answer: DENY, server/edge.mjs)
      'X-Frame-Options': 'SAMEORIGIN',
      'Content-Security-Policy':
        doc.mimeType === 'application/pdf'
          ? "default-src 'none'; object-src 'self'; frame-ancestors 'self'"
          : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
    },
  });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getContent);
