'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The reviewer's document viewer: images zoom (50–400 %) and rotate in 90° steps; PDFs show inline
 * in the browser's viewer. The file comes from the case's content route (sandboxed CSP).
 */
export function DocumentViewer({ src, mimeType, title }: { src: string; mimeType: string; title: string }) {
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
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
      <div className="flex h-80 items-center justify-center overflow-auto rounded bg-slate-100 ring-1 ring-slate-200">
        {/* eslint-disable-next-line @next/next/no-img-element -- the document itself, served by our API */}
        <img src={src} alt={title} style={{ transform: `scale(${zoom}) rotate(${rotation}deg)`, imageRendering: zoom > 1 ? 'pixelated' : 'auto' }} className="max-h-72 max-w-full origin-center transition-transform" data-zoom={zoom} data-rotation={rotation} />
      </div>
    </div>
  );
}
