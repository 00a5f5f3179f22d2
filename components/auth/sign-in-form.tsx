'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useHydrated } from '@/components/ui/use-hydrated';
import { safeCallbackPath } from '@/lib/contract/redirect';
import { PANEL_CUSTOMER_ACCOUNT, panelSignInErrorSchema, panelSignInSchema, type PanelSignIn, type PanelSignInError } from '@/lib/contract/panel';

const TENANT_KEY = 'bp.signin.tenantId';

function describe(error: PanelSignInError): string {
  if (error.message === 'account locked' && error.lockoutTime) {
    const until = new Date(error.lockoutTime).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    const minutes = Math.ceil((error.lockoutDuration ?? 0) / 60);
    return `Account locked after ${error.maxAttempts ?? 5} failed attempts. Try again at ${until} (in about ${minutes} minutes) or ask an administrator to unlock it.`;
  }
  if (error.message === 'authentication failed') {
    const left = (error.maxAttempts ?? 5) - (error.attempts ?? 0);
    return `Wrong username or password. ${left} ${left === 1 ? 'attempt' : 'attempts'} left before the account is locked for 30 minutes.`;
  }
  if (error.status === 429) return `Too many sign-in attempts from this network. Try again in ${error.retryAfter ?? 60} seconds.`;
  if (error.status === 403 && error.details === PANEL_CUSTOMER_ACCOUNT) {
    return 'This is a customer account: customers use the Business Platform API (or the app built on it), not this panel. The panel is for the tenant’s staff.';
  }
  if (error.status === 403) return 'This tenant is not available. Check the tenant ID.';
  if (error.status === 400) return 'Check the form: every field is required.';
  return 'Sign-in is not possible right now. Try again in a moment.';
}

function parseError(raw: string | undefined | null): PanelSignInError {
  try {
    const parsed = panelSignInErrorSchema.safeParse(JSON.parse(raw ?? ''));
    if (parsed.success) return parsed.data;
  } catch {
    // not one of ours
  }
  return { status: 500, message: 'internal server error' };
}

/** The panel sign-in form: the same schema as next-auth's authorize(); errors from the identity service. */
export function SignInForm({ defaultTenantId, callbackUrl }: { defaultTenantId: string; callbackUrl: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  // Until React has hydrated, a click would submit the form natively; the button waits for us.
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<PanelSignIn>({ resolver: zodResolver(panelSignInSchema), defaultValues: { tenantId: defaultTenantId, username: '', password: '' } });

  useEffect(() => {
    const remembered = window.localStorage.getItem(TENANT_KEY);
    if (remembered && !defaultTenantId) setValue('tenantId', remembered);
  }, [defaultTenantId, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await signIn('credentials', { ...values, redirect: false });
    if (!result || result.error) {
      setFailure(describe(parseError(result?.error)));
      setValue('password', '');
      return;
    }
    window.localStorage.setItem(TENANT_KEY, values.tenantId);
    // only a path of this origin: `/\evil.example` starts with '/' and a browser still goes to evil.example
    router.replace(safeCallbackPath(callbackUrl, window.location.origin));
    router.refresh();
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={failure ? 'signin-failure' : undefined}>
      <div aria-live="assertive">
        {failure ? (
          <p id="signin-failure" role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200">
            {failure}
          </p>
        ) : null}
      </div>
      {/* read-only until React has hydrated: hydration writes the form's values into the fields, and
          what was typed before (or while) it did was lost or spliced into the default tenant ID */}
      {/* defaultValue: the server's HTML already shows the tenant ID (register() fills it only once hydrated) */}
      <Field
        label="Tenant ID"
        autoComplete="organization"
        spellCheck={false}
        readOnly={!hydrated}
        defaultValue={defaultTenantId}
        error={errors.tenantId?.message}
        {...register('tenantId')}
      />
      <Field label="Username or email" autoComplete="username" spellCheck={false} readOnly={!hydrated} error={errors.username?.message} {...register('username')} />
      <Field label="Password" type="password" autoComplete="current-password" readOnly={!hydrated} error={errors.password?.message} {...register('password')} />
      <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
