import Link from 'next/link';

/**
 * Where this page sits: Overview › parent(s) › the current page (aria-current="page"). Shown above
 * every detail page so that the way back is one click at any width.
 */
export function Breadcrumbs({ items, current }: { items: { href: string; label: string }[]; current: string }) {
  const trail = [{ href: '/', label: 'Overview' }, ...items];
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-ink-muted">
        {trail.map((item) => (
          <li key={item.href} className="flex items-center gap-1.5">
            <Link href={item.href} className="font-medium text-brand-700 hover:underline">
              {item.label}
            </Link>
            <span aria-hidden>›</span>
          </li>
        ))}
        <li aria-current="page" className="min-w-0 truncate text-ink">
          {current}
        </li>
      </ol>
    </nav>
  );
}
