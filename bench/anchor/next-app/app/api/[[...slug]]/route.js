// The bare app's catch-all (bench/_anchor.ts): what Next.js itself costs to answer a path no static
// route serves through an optional catch-all route, as our 404 envelope is answered, with nothing of
// ours around it. Its answer has the shape of ours.
export const dynamic = 'force-dynamic';

function notFound(request) {
  const path = new URL(request.url).pathname;
  return Response.json({ code: 404, message: 'not found', data: { error: 'ROUTE_NOT_FOUND', details: `no route for ${request.method} ${path}` } }, { status: 404 });
}

export const GET = notFound;
