/**
 * The one search box in the top bar: a plain GET form to /search (works before any script runs).
 * Customers, representatives and cardholders by name or email, wallets by name or id, cards by their last four digits.
 */
export function SearchBox() {
  return (
    <form action="/search" method="get" role="search" aria-label="Find in this tenant" className="flex min-w-0 flex-1 items-center gap-2 sm:max-w-md">
      <label htmlFor="global-search" className="sr-only">
        Find a customer, wallet or card
      </label>
      <input
        id="global-search"
        name="q"
        type="search"
        minLength={2}
        maxLength={100}
        required
        autoComplete="off"
        placeholder="Name, email, ID or card last 4"
        className="block w-full min-w-0 rounded-md border-0 bg-white px-3 py-1.5 text-sm text-ink shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-ink-subtle focus:ring-2 focus:ring-inset focus:ring-brand-600"
      />
      <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
        Find
      </button>
    </form>
  );
}
