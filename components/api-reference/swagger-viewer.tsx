'use client';

import Script from 'next/script';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ReferenceOperation } from '@/lib/openapi/document';
import { OPENAPI_URL, SWAGGER_BUNDLE_URL, SWAGGER_CSS_URL } from './urls';
import { documentForTag, forSwaggerUi } from './viewer-document';

/**
 * The API reference: an index of every operation, rendered on the server and usable at once (find,
 * read, open), and Swagger UI for the groups (tags) a reader opens, each fed only its own operations
 * and the components they reach (viewer-document.ts).
 *
 * Swagger UI's bundle (1.7 MB, self-hosted under /swagger-ui) and the document are downloaded from
 * the start (the page preloads the document), but the bundle is only prefetched and run once the reader shows intent (a
 * pointer over the index, focus in it, a group opened): running it holds the main thread for about
 * half a second, which on page load kept the index from answering clicks.
 *
 * Try-it-out calls this server (the document's first server is "/"); the panel's session cookie goes
 * along, so signed-in operations work. See docs/developer-api.md, "API reference page".
 */
type Json = Record<string, unknown>;
type SwaggerUi = { layoutActions: { show: (key: string[], shown: boolean) => void } };
type SwaggerUIBundle = ((options: Record<string, unknown>) => SwaggerUi) & { presets: { apis: unknown } };

export interface ReferenceTag {
  name: string;
  description: string;
  operations: ReferenceOperation[];
}

const bundleOf = () => (window as unknown as { SwaggerUIBundle?: SwaggerUIBundle }).SwaggerUIBundle;

const METHOD_TONES: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-emerald-100 text-emerald-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
};

function matches(tag: ReferenceTag, op: ReferenceOperation, words: string[]): boolean {
  const text = `${tag.name} ${op.method} ${op.path} ${op.summary}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * The operation picked in the index. Its links (#operationId) work before the page has hydrated, but
 * a fragment followed while Next.js's router starts up can be replaced away by the router's first
 * history entry, so a click is also recorded by a capture listener that the server's HTML installs
 * at once (EARLY_PICK_SCRIPT) and by the link's own handler: the last click wins, the fragment
 * (a reload, a shared link) otherwise; going back or forward to another fragment forgets the click.
 */
const PICK_EVENT = 'bp-api-pick';
type PickWindow = Window & { __bpApiPick?: string };
const recordPick = (operationId: string | undefined) => {
  (window as PickWindow).__bpApiPick = operationId;
  window.dispatchEvent(new Event(PICK_EVENT));
};
const EARLY_PICK_SCRIPT = `(function(){function pick(v){window.__bpApiPick=v;window.dispatchEvent(new Event('${PICK_EVENT}'))}
document.addEventListener('click',function(e){var a=e.target&&e.target.closest&&e.target.closest('a[data-operation]');if(a)pick(a.getAttribute('data-operation'))},true);
window.addEventListener('popstate',function(){if(window.__bpApiPick!==decodeURIComponent(location.hash.slice(1)))pick(undefined)})})();`;
const subscribePick = (notify: () => void) => {
  window.addEventListener('hashchange', notify);
  window.addEventListener(PICK_EVENT, notify);
  return () => {
    window.removeEventListener('hashchange', notify);
    window.removeEventListener(PICK_EVENT, notify);
  };
};
const usePickedOperation = () =>
  useSyncExternalStore(
    subscribePick,
    () => (window as PickWindow).__bpApiPick ?? decodeURIComponent(window.location.hash.slice(1)),
    () => '',
  );

export function ApiReference({ tags, specUrl = OPENAPI_URL, nonce }: { tags: ReferenceTag[]; specUrl?: string; nonce?: string }) {
  const [filter, setFilter] = useState('');
  const picked = usePickedOperation();
  const pickedTag = picked ? tags.find((t) => t.operations.some((op) => op.operationId === picked))?.name : undefined;
  /** groups opened or closed with their heading's button; otherwise a group is open when it holds the picked operation */
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = (tag: string) => toggled[tag] ?? tag === pickedTag;
  const [wantedByIntent, setWanted] = useState(false);
  const wanted = wantedByIntent || tags.some((t) => isOpen(t.name));
  const [bundleReady, setBundleReady] = useState(false);
  const [document, setDocument] = useState<Json | null>(null);
  const [failed, setFailed] = useState(false);

  // the document, in parallel with the bundle (the same request as the page's preload, so it is not fetched twice)
  useEffect(() => {
    let live = true;
    fetch(specUrl)
      .then((res) => (res.ok ? (res.json() as Promise<Json>) : Promise.reject(new Error(`${res.status}`))))
      .then((fetched) => live && setDocument(fetched))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [specUrl]);

  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = tags.map((tag) => ({ tag, operations: tag.operations.filter((op) => matches(tag, op, words)) })).filter(({ operations }) => operations.length > 0);
  const total = shown.reduce((n, { operations }) => n + operations.length, 0);

  return (
    <>
      {/* a self-hosted third-party stylesheet for this page only */}
      <link rel="stylesheet" href={SWAGGER_CSS_URL} />
      {/* into the HTTP cache at idle priority, not parsed until it runs (see the page) */}
      <link rel="prefetch" href={SWAGGER_BUNDLE_URL} as="script" />
      {/* run once wanted; onReady also runs on every mount once the script is there (a client-side navigation back to this page) */}
      {wanted ? <Script src={SWAGGER_BUNDLE_URL} strategy="afterInteractive" onReady={() => setBundleReady(true)} onError={() => setFailed(true)} /> : null}
      {failed ? (
        <p role="alert" className="mb-4 text-sm text-red-700">
          The interactive viewer could not be loaded; the index below still lists every operation. The document itself is at{' '}
          <a className="underline" href={specUrl}>
            {specUrl}
          </a>
          .
        </p>
      ) : null}
      <search className="mb-4 max-w-xl" aria-label="Operations">
        <label htmlFor="api-filter" className="block text-sm font-medium text-ink">
          Find an operation
        </label>
        <input
          id="api-filter"
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-describedby="api-filter-count"
          placeholder="e.g. wallets, POST transfers, freeze"
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
        <p id="api-filter-count" className="mt-1 text-xs text-ink-muted" aria-live="polite">
          {words.length ? `${total} matching ${total === 1 ? 'operation' : 'operations'}` : `${total} operations in ${tags.length} groups`}
        </p>
      </search>
      {/* before hydration: see usePickedOperation; the page's Content-Security-Policy runs it by its nonce */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_PICK_SCRIPT }} />
      <div className="space-y-3" onPointerEnter={() => setWanted(true)} onFocus={() => setWanted(true)} onTouchStart={() => setWanted(true)}>
        {shown.map(({ tag, operations }) => (
          <TagSection
            key={tag.name}
            tag={tag}
            operations={operations}
            open={isOpen(tag.name)}
            focus={tag.name === pickedTag ? picked : null}
            onToggle={() => setToggled((t) => ({ ...t, [tag.name]: !isOpen(tag.name) }))}
            onPick={() =>
              setToggled((t) => {
                const { [tag.name]: _override, ...rest } = t;
                return rest;
              })
            }
            spec={document}
            bundleReady={bundleReady}
          />
        ))}
        {shown.length === 0 ? <p className="text-sm text-ink-muted">No operation matches “{filter}”.</p> : null}
      </div>
    </>
  );
}

function TagSection({
  tag,
  operations,
  open,
  focus,
  onToggle,
  onPick,
  spec,
  bundleReady,
}: {
  tag: ReferenceTag;
  operations: ReferenceOperation[];
  open: boolean;
  focus: string | null;
  onToggle: () => void;
  /** an operation's link was followed: the group opens on it, whatever its heading said before */
  onPick: () => void;
  spec: Json | null;
  bundleReady: boolean;
}) {
  const id = `api-tag-${tag.name.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-ink">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
          className="flex w-full items-baseline justify-between gap-3 rounded-lg px-4 py-3 text-left hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <span>{tag.name}</span>
          <span className="shrink-0 text-xs font-normal text-ink-muted">
            {operations.length === 1 ? '1 operation' : `${operations.length} operations`} · {open ? 'hide' : 'open'}
          </span>
        </button>
      </h2>
      <div id={`${id}-body`} className="px-4 pb-3">
        {tag.description ? <p className="mb-2 text-sm text-ink-muted">{tag.description}</p> : null}
        {open ? (
          <TagViewer tag={tag.name} focus={focus} spec={spec} bundleReady={bundleReady} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {operations.map((op) => (
              <li key={op.operationId}>
                <a
                  href={`#${encodeURIComponent(op.operationId)}`}
                  data-operation={op.operationId}
                  onClick={() => {
                    onPick();
                    // (the server's capture listener records it too; after a client-side navigation to this page it is not there)
                    recordPick(op.operationId);
                  }}
                  className="flex w-full min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-left no-underline hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <span className={`w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold ${METHOD_TONES[op.method] ?? 'bg-slate-100 text-slate-900'}`}>
                    {op.method}
                  </span>
                  <code className="min-w-0 break-all text-sm text-ink">{op.path}</code>
                  <span className="text-sm text-ink-muted">{op.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Swagger UI over one tag's part of the document; the operation the reader picked is shown expanded. */
function TagViewer({ tag, focus, spec, bundleReady }: { tag: string; focus: string | null; spec: Json | null; bundleReady: boolean }) {
  const target = useRef<HTMLDivElement>(null);
  const ui = useRef<SwaggerUi | null>(null);
  const [rendered, setRendered] = useState(false);
  const part = useMemo(() => (spec ? forSwaggerUi(documentForTag(spec, tag)) : null), [spec, tag]);

  useEffect(() => {
    const bundle = bundleOf();
    if (!bundleReady || !bundle || !part || !target.current || ui.current) return;
    ui.current = bundle({
      spec: part,
      domNode: target.current,
      presets: [bundle.presets.apis],
      // no deep links: Swagger nests each link inside the operation's toggle button (axe: nested-interactive)
      deepLinking: false,
      // plain response and example bodies: the highlighter's theme colours fail contrast on its dark background
      syntaxHighlight: { activated: false },
      docExpansion: 'list',
      defaultModelsExpandDepth: -1,
      displayRequestDuration: true,
      tryItOutEnabled: false,
      persistAuthorization: false,
      onComplete: () => setRendered(true),
    });
  }, [bundleReady, part]);

  // the operation picked in the index, expanded and scrolled to (also when picked again later)
  useEffect(() => {
    if (!rendered || !focus || !ui.current) return;
    ui.current.layoutActions.show(['operations', tag, focus], true);
    const escaped = `operations-${tag.replace(/\s/g, '_')}-${focus}`;
    requestAnimationFrame(() => target.current?.querySelector(`[id="${escaped}"]`)?.scrollIntoView({ block: 'start' }));
  }, [rendered, focus, tag]);

  // Swagger's server select carries no label: give it (and any later unlabeled select) a name; its
  // code blocks (examples, responses) scroll sideways on a narrow screen: reachable by keyboard
  useEffect(() => {
    const host = target.current;
    if (!host) return;
    const label = () => {
      for (const select of host.querySelectorAll('select:not([aria-label])')) {
        select.setAttribute('aria-label', select.id === 'servers' ? 'Server' : (select.closest('[data-param-name]')?.getAttribute('data-param-name') ?? 'Choice'));
      }
      for (const code of host.querySelectorAll('pre.microlight:not([tabindex])')) code.setAttribute('tabindex', '0');
    };
    const observer = new MutationObserver(label);
    observer.observe(host, { childList: true, subtree: true });
    label();
    return () => observer.disconnect();
  }, []);

  return (
    <>
      {!rendered ? <p className="text-sm text-ink-muted">Loading the interactive viewer…</p> : null}
      <div ref={target} data-testid="swagger-ui" tabIndex={0} role="region" aria-label={`${tag}: operations`} className="swagger-host min-w-0 overflow-x-auto" />
    </>
  );
}
