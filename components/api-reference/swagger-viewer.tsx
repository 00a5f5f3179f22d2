'use client';

import Script from 'next/script';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Swagger UI over GET /api/openapi.json, self-hosted (app/swagger-ui/[asset]). The bundle is loaded
 * by this component only, so no other page carries it. Try-it-out calls this server (the document's
 * first server is "/"); the panel's session cookie goes along, so signed-in operations work.
 */
type SwaggerUIBundle = ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

export function SwaggerViewer({ specUrl = '/api/openapi.json' }: { specUrl?: string }) {
  const target = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  const mount = useCallback(() => {
    const bundle = (window as unknown as { SwaggerUIBundle?: SwaggerUIBundle }).SwaggerUIBundle;
    if (!bundle || !target.current) return;
    bundle({
      url: specUrl,
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
  }, [specUrl]);

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

  // the script may already be there after a client-side navigation back to this page
  useEffect(() => {
    if ((window as unknown as { SwaggerUIBundle?: unknown }).SwaggerUIBundle) mount();
  }, [mount]);

  return (
    <>
      {/* eslint-disable-next-line @next/next/no-css-tags -- a self-hosted third-party stylesheet for this page only */}
      <link rel="stylesheet" href="/swagger-ui/swagger-ui.css" />
      <Script src="/swagger-ui/swagger-ui-bundle.js" strategy="afterInteractive" onReady={mount} onError={() => setFailed(true)} />
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
