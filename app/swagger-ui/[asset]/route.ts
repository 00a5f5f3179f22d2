import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The API reference page's viewer, served from our own origin (no CDN): swagger-ui-dist's bundle and
 * stylesheet, read from node_modules. Only these two files; anything else is 404. Loaded by
 * app/(panel)/api-reference only.
 */
const ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

const cache = new Map<string, Buffer>();

// GET /swagger-ui/{swagger-ui-bundle.js|swagger-ui.css} - the self-hosted Swagger UI files
export async function GET(_req: Request, ctx: { params: Promise<{ asset: string }> }): Promise<Response> {
  const { asset } = await ctx.params;
  const type = Object.prototype.hasOwnProperty.call(ASSETS, asset) ? ASSETS[asset] : undefined;
  if (!type) return new Response('not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  let body = cache.get(asset);
  if (!body) {
    body = await readFile(path.join(process.cwd(), 'node_modules', 'swagger-ui-dist', asset));
    cache.set(asset, body);
  }
  return new Response(new Uint8Array(body), { headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' } });
}
