'use client';

import Script from 'next/script';
import { useCallback, useEffect, useRef, useState } from 'react';
import { OPENAPI_URL, SWAGGER_BUNDLE_URL, SWAGGER_CSS_URL } from './urls';
import { forSwaggerUi } from './viewer-document';

/**
 * Swagger UI over GET /api/openapi.json, self-hosted (app/swagger-ui/[asset]). The bundle is loaded
 * by this component only, so no other page carries it. Try-it-out calls this server (the document's
 * first server is "/"); the panel's session cookie goes along, so signed-in operations work.
 *
 * The document is fetched by this component while the bundle loads (the page preloads both, see
 * app/(panel)/api-reference/page.tsx) and handed to Swagger UI as `spec`, instead of Swagger UI
 * fetching it only after its 1.7 MB bundle has run; written in OpenAPI 3.0 terms (viewer-document.ts),
 * which Swagger UI renders in a fraction of the time its OpenAPI 3.1 mode takes.
 */
type SwaggerUIBundle = ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

export function SwaggerViewer({ specUrl = OPENAPI_URL }: { specUrl?: string }) {
  const target = useRef<HTMLDivElement>(null);
  const [bundleReady, setBundleReady] = useState(false);
  const [spec, setSpec] = useState<Record<string, unknown> | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  // the document, in parallel with the bundle (the same request as the page's preload, so it is not fetched twice)
  useEffect(() => {
    let live = true;
    fetch(specUrl)
      .then((res) => (res.ok ? (res.json() as Promise<Record<string, unknown>>) : Promise.reject(new Error(`${res.status}`))))
      .then((document) => live && setSpec(forSwaggerUi(document)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [specUrl]);

  const mount = useCallback(() => {
    const bundle = (window as unknown as { SwaggerUIBundle?: SwaggerUIBundle }).SwaggerUIBundle;
    if (!bundle || !target.current || !spec || loaded) return;
    bundle({
      spec,
      domNode: target.current,
      presets: [bundle.presets.apis],
      // no deep links: Swagger nests each link inside the operation's toggle button (axe: nested-interactive)
      deepLinking: false,
      // plain response and example bodies: the highlighter's theme colours fail contrast on its dark background
      syntaxHighlight: { activated: false },
      docExpansion: 'none',
      defaultModelsExpandDepth: -1,
      displayRequestDuration: true,
      filter: true,
      tryItOutEnabled: false,
      persistAuthorization: false,
    });
    setLoaded(true);
  }, [spec, loaded]);

  // Swagger's server select carries no label: give it (and any later unlabeled select) a name
  useEffect(() => {
    const host = target.current;
    if (!host) return;
    const label = () => {
      for (const select of host.querySelectorAll('select:not([aria-label])')) {
        select.setAttribute('aria-label', select.id === 'servers' ? 'Server' : (select.closest('[data-param-name]')?.getAttribute('data-param-name') ?? 'Choice'));
      }
    };
    const observer = new MutationObserver(label);
    observer.observe(host, { childList: true, subtree: true });
    label();
    return () => observer.disconnect();
  }, []);

  // mount once both are there; the script may already be there after a client-side navigation back to this page
  useEffect(() => {
    if (bundleReady || (window as unknown as { SwaggerUIBundle?: unknown }).SwaggerUIBundle) mount();
  }, [bundleReady, mount]);

  return (
    <>
      {/* a self-hosted third-party stylesheet for this page only */}
      <link rel="stylesheet" href={SWAGGER_CSS_URL} />
      <Script src={SWAGGER_BUNDLE_URL} strategy="afterInteractive" onReady={() => setBundleReady(true)} onError={() => setFailed(true)} />
      {!loaded && !failed ? <p className="text-sm text-ink-muted">Loading the API reference…</p> : null}
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          The API viewer could not be loaded. The document itself is at <a className="underline" href={specUrl}>{specUrl}</a>.
        </p>
      ) : null}
      <div ref={target} data-testid="swagger-ui" tabIndex={0} role="region" aria-label="API reference viewer" className="swagger-host min-w-0 overflow-x-auto rounded-lg border border-slate-200 bg-white" />
    </>
  );
}
