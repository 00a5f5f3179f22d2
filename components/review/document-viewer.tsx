'use client';

import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DOCUMENT_TYPE_LABELS, REASON_CODE_LABELS, type DocumentType, type ReasonCode } from '@/lib/contract/review';
import type { documentView } from '@/lib/services/onboarding/verification';

/** A document as the review API shows it (documentView): metadata, decision, uploader. */
export type ReviewDocument = ReturnType<typeof documentView>;

export const DOC_STATUS: Record<string, string> = { PENDING: 'Not decided', ACCEPTED: 'Accepted', REJECTED: 'Rejected' };
export const docLabel = (t: string) => DOCUMENT_TYPE_LABELS[t as DocumentType] ?? t;
export const reasonLabel = (c: string | null) => (c ? (REASON_CODE_LABELS[c as ReasonCode] ?? c) : '—');
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const bytes = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(2)} MiB`);
const fileKind = (mimeType: string) => (mimeType === 'application/pdf' ? 'PDF' : mimeType === 'image/png' ? 'PNG' : 'JPEG');

/** The file's URL for the viewer: the case's content route (reviewer roles only). */
export const documentContentUrl = (verificationId: string, documentId: string) => `/api/v2.1/verifications/${verificationId}/documents/${documentId}/content`;

/**
 * One document to work with: the viewer and its metadata (type, number, issuing country, expiry with
 * the expired flag, size, SHA-256, who uploaded it and when, the decision). The review case and the
 * customer page both show documents through this.
 */
export function DocumentDetails({ d, verificationId, title }: { d: ReviewDocument; verificationId: string; title: string }) {
  const meta: [string, ReactNode][] = [
    ['Type', docLabel(d.documentType)],
    ['Number', d.documentNumber ?? '—'],
    ['Issuing country', d.issuingCountry ?? '—'],
    [
      'Expiry',
      d.expiryDate ? (
        <span className={d.expired ? 'font-semibold text-rose-700' : ''}>
          {d.expiryDate}
          {d.expired ? ' (expired)' : ''}
        </span>
      ) : (
        '—'
      ),
    ],
    ['Size', `${bytes(d.sizeBytes)} (${fileKind(d.mimeType)})`],
    [
      'SHA-256',
      <code key="sha" className="break-all text-xs">
        {d.sha256}
      </code>,
    ],
    ['Uploaded', `${d.uploadedByName ?? '—'}, ${when(d.createdAt)}`],
    ...(d.decidedAt
      ? ([
          [
            'Decision',
            `${DOC_STATUS[d.status]} by ${d.decidedByName ?? '—'}, ${when(d.decidedAt)}: ${reasonLabel(d.decisionReasonCode)}${d.decisionComment ? ` (“${d.decisionComment}”)` : ''}`,
          ],
        ] as [string, string][])
      : []),
  ];
  return (
    <>
      <DocumentViewer src={documentContentUrl(verificationId, d.id)} mimeType={d.mimeType} title={title} />
      <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        {meta.map(([k, val]) => (
          <div key={k} className="contents">
            <dt className="text-ink-muted">{k}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{val}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The height the image is fitted into at 100 % (the viewer's box is h-80, 20 rem, with padding). */
const FIT_HEIGHT = 288;

/**
 * The reviewer's document viewer: images zoom (50–400 %) and rotate in 90° steps; PDFs show inline
 * in the browser's viewer. The file comes from the case's content route (sandboxed CSP).
 * The image is laid out at its zoomed, rotated size (not only painted with a transform), so the
 * scroll box around it reaches every edge: mouse wheel, touch, and the keyboard once it has focus.
 */
export function DocumentViewer({ src, mimeType, title }: { src: string; mimeType: string; title: string }) {
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<{ w: number; h: number; fitWidth: number } | null>(null);
  const measure = useCallback((img: HTMLImageElement | null) => {
    if (img && img.complete && img.naturalWidth) setNatural({ w: img.naturalWidth, h: img.naturalHeight, fitWidth: (box.current?.clientWidth ?? img.naturalWidth) - 16 });
  }, []);
  if (mimeType === 'application/pdf') {
    return (
      <div className="space-y-2">
        <iframe src={src} title={title} className="h-96 w-full rounded bg-slate-100 ring-1 ring-slate-200" />
        <a href={src} target="_blank" rel="noopener" className="text-sm text-brand-700 underline">
          Open the PDF in a new tab
        </a>
      </div>
    );
  }
  // the size at 100 %: the whole image fits the box (never enlarged), then zoomed
  const fit = natural ? Math.min(1, natural.fitWidth / natural.w, FIT_HEIGHT / natural.h) : 1;
  const width = natural ? natural.w * fit * zoom : undefined;
  const height = natural ? natural.h * fit * zoom : undefined;
  const sideways = rotation % 180 !== 0;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2" role="toolbar" aria-label={`View controls for ${title}`}>
        <Button type="button" variant="secondary" onClick={() => setZoom((z) => Math.max(0.5, z - 0.25))} disabled={zoom <= 0.5}>
          Zoom out
        </Button>
        <Button type="button" variant="secondary" onClick={() => setZoom((z) => Math.min(4, z + 0.25))} disabled={zoom >= 4}>
          Zoom in
        </Button>
        <Button type="button" variant="secondary" onClick={() => setRotation((r) => (r + 90) % 360)}>
          Rotate
        </Button>
        <Button type="button" variant="secondary" onClick={() => (setZoom(1), setRotation(0))}>
          Reset
        </Button>
        <span className="self-center text-sm text-ink-muted" aria-live="polite">
          {Math.round(zoom * 100)} %, {rotation}°
        </span>
      </div>
      {/* the scroll box: focusable, so the arrow keys, Page Up/Down, Home and End scroll it */}
      <div
        ref={box}
        role="region"
        aria-label={`${title}: the image, scrollable`}
        tabIndex={0}
        data-testid="viewer-scroll"
        className="flex h-80 overflow-auto overscroll-contain rounded bg-slate-100 p-2 ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {/* the frame has the rotated image's real size; margin: auto centres it without cutting off an edge (unlike justify-content: center) */}
        <div className="relative m-auto flex-none" style={width !== undefined && height !== undefined ? { width: sideways ? height : width, height: sideways ? width : height } : undefined}>
          {/* eslint-disable-next-line @next/next/no-img-element -- the document itself, served by our API */}
          <img
            ref={measure}
            src={src}
            alt={title}
            onLoad={(e) => measure(e.currentTarget)}
            style={{
              ...(width !== undefined ? { position: 'absolute', left: '50%', top: '50%', width, height, maxWidth: 'none', maxHeight: 'none' } : {}),
              transform: `${width !== undefined ? 'translate(-50%, -50%) ' : ''}rotate(${rotation}deg)`,
              imageRendering: zoom > 1 ? 'pixelated' : 'auto',
            }}
            className="max-h-72 origin-center"
            data-zoom={zoom}
            data-rotation={rotation}
          />
        </div>
      </div>
    </div>
  );
}
