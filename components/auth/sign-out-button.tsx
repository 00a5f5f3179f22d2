'use client';

import { useRouter } from 'next/navigation';
import { signOut } from 'next-auth/react';
import { useState } from 'react';

/** Signs out of next-auth; the server revokes the panel session in the same request. */
export function SignOutButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        await signOut({ redirect: false });
        router.replace('/sign-in');
        router.refresh();
      }}
      className="rounded-md px-3 py-1.5 text-sm font-medium text-ink-muted ring-1 ring-inset ring-slate-300 hover:bg-slate-50 hover:text-ink"
    >
      {pending ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
