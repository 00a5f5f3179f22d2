/** The tenant's mark: its logo, or its initials on the primary colour. */
export function BrandMark({ name, logo }: { name: string; logo: string | null }) {
  if (logo) {
    // eslint-disable-next-line @next/next/no-img-element -- a data: URL the CSP allows (img-src data:)
    return <img src={logo} alt="" className="h-8 w-8 shrink-0 rounded-lg object-contain" />;
  }
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || 'BP';
  return (
    <span aria-hidden className="grid h-8 w-8 shrink-0 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white">
      {initials}
    </span>
  );
}
