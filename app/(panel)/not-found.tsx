import Link from 'next/link';

/**
 * A panel address that leads nowhere (a mistyped or outdated link, an id that is not one), inside the
 * panel's shell: the navigation stays, and the page says where to go on. (A nested not-found takes
 * no metadata; the catch-all page gives an unknown address its title.)
 */
export default function PanelNotFound() {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-semibold tracking-tight text-ink">Page not found</h1>
      <p className="mt-2 text-ink-muted">There is no page at this address. The link may be mistyped or out of date.</p>
      <p className="mt-2 text-ink-muted">Use the navigation or the search above to find a customer, a wallet or a transfer, or start from the overview.</p>
      <Link href="/" className="mt-6 inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
        Go to the overview
      </Link>
    </div>
  );
}
