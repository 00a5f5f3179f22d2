import type { Metadata } from 'next';
import { SwaggerViewer } from '@/components/api-reference/swagger-viewer';

export const metadata: Metadata = { title: 'API reference · Business Platform' };

/** The OpenAPI document of this server, with try-it-out against it (docs/developer-api.md). */
export default function ApiReferencePage() {
  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">API reference</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Every endpoint of this server, generated from the same schemas the server validates with. Requests you try here run
          against this server as you. The raw document: <a className="font-medium text-brand-700 underline" href="/api/openapi.json">/api/openapi.json</a>.
        </p>
      </header>
      <SwaggerViewer />
    </div>
  );
}
