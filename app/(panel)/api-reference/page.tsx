import type { Metadata } from 'next';
import { preload } from 'react-dom';
import { SwaggerViewer } from '@/components/api-reference/swagger-viewer';
import { OPENAPI_URL, SWAGGER_BUNDLE_URL, SWAGGER_CSS_URL } from '@/components/api-reference/urls';

export const metadata: Metadata = { title: 'API reference · Business Platform' };

/** The OpenAPI document of this server, with try-it-out against it (docs/developer-api.md). */
export default function ApiReferencePage() {
  // start the three downloads from the page's <head>, before React has hydrated: the viewer then finds
  // the document in flight (its fetch matches this preload: same URL, CORS mode, same-origin credentials)
  preload(OPENAPI_URL, { as: 'fetch', crossOrigin: 'anonymous' });
  preload(SWAGGER_BUNDLE_URL, { as: 'script' });
  preload(SWAGGER_CSS_URL, { as: 'style' });
  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">API reference</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Every endpoint of this server, generated from the same schemas the server validates with. Requests you try here run
          against this server as you. The raw document (OpenAPI 3.1): <a className="font-medium text-brand-700 underline" href={OPENAPI_URL}>{OPENAPI_URL}</a>;
          the viewer shows it in OpenAPI 3.0 terms, which it renders much faster.
        </p>
      </header>
      <SwaggerViewer />
    </div>
  );
}
