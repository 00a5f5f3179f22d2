'use client';

import { PageError } from '@/components/ui/page-error';

/** A panel page that failed to render: inside the shell, with a way to try again (components/ui/page-error.tsx). */
export default function PanelError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError {...props} />;
}
