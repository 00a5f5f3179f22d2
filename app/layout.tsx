import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';
import { Providers } from './providers';

export const metadata: Metadata = {
  title: { default: 'Business Platform', template: '%s · Business Platform' },
  description: 'Multi-tenant business panel: customers, compliance review, webhooks and cards.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

/**
 * Every page renders per request: its Content-Security-Policy carries a fresh nonce (proxy.ts), and
 * Next.js can put a nonce on its scripts only while rendering (a page prerendered at build time
 * would have scripts without it, which the policy blocks).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
