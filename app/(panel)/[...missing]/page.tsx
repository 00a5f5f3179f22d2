import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

export const metadata: Metadata = { title: 'Page not found' };

/**
 * Any address no other page matches: the panel's "Page not found" (../not-found.tsx) inside the
 * shell, for a signed-in user; a signed-out visitor goes to sign-in first, like on every panel page.
 */
export default function MissingPage(): never {
  notFound();
}
