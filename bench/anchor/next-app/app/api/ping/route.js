// The one route handler of the bench's bare Next.js app (bench/_anchor.ts): what Next.js itself
// costs per request, with nothing of ours around it.
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ code: 200, message: 'OK', data: { status: 'ok' } });
}
