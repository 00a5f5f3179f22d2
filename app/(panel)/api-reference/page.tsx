import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { preload } from 'react-dom';
import { ApiReference } from '@/components/api-reference/swagger-viewer';
import { OPENAPI_URL, SWAGGER_CSS_URL } from '@/components/api-reference/urls';
import { NONCE_HEADER } from '@/lib/http/content-security-policy';
import { OPENAPI_INFO, referenceIndex } from '@/lib/openapi/document';

export const metadata: Metadata = { title: 'API reference · Business Platform' };

/** The OpenAPI document of this server: an index rendered here, try-it-out per group (docs/developer-api.md). */
export default async function ApiReferencePage() {
  // the page's Content-Security-Policy nonce (proxy.ts), for the viewer's inline capture listener
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  // the document and the stylesheet from the page's <head>, before React has hydrated: the viewer then
  // finds the document in flight (its fetch matches this preload: same URL, CORS mode, same-origin
  // credentials). Swagger UI's bundle is only prefetched (the viewer's <link rel=prefetch>): a script
  // preload is parsed as it streams in, about a second and a half of CPU on this 2-core machine while
  // the page hydrates; a prefetch lands in the HTTP cache and is parsed when a group is opened.
  preload(OPENAPI_URL, { as: 'fetch', crossOrigin: 'anonymous' });
  preload(SWAGGER_CSS_URL, { as: 'style' });
  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">API reference</h1>
        <p className="mt-1 text-sm text-ink-muted">
          {OPENAPI_INFO.title} <span data-testid="api-version">{OPENAPI_INFO.version}</span>: every endpoint of this server, generated from the same schemas the server validates with. Open a
          group to read its operations and try them: requests run against this server as you. The raw document (OpenAPI 3.1):{' '}
          <a className="font-medium text-brand-700 underline" href={OPENAPI_URL}>
            {OPENAPI_URL}
          </a>
          .
        </p>
      </header>
      <ApiReference tags={referenceIndex()} nonce={nonce} />
    </div>
  );
}
