'use client';

import { PageError } from '@/components/ui/page-error';

/**
 * A page whose layout failed to render (the panel's layout reads the session and the tenant's
 * branding: with the database unavailable it throws), where the shell itself cannot be drawn.
 */
export default function RootError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="px-4 py-10 md:px-10">
      <PageError {...props} />
    </main>
  );
}
