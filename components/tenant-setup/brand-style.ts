import type { CSSProperties } from 'react';
import { DEFAULT_PRIMARY_COLOR } from '@/lib/contract/tenant-setup';

/**
 * The CSS variables of the panel's brand colours (tailwind.config.ts reads `--brand-*` with the
 * default palette as fallback) from a tenant's primary colour: 600 is the colour itself (buttons,
 * the mark, the top bar's rule), the others are mixed from it. The server refuses a colour white text
 * is not readable on (4.5:1), and the darker and lighter shades keep that order.
 */
export function brandStyle(primaryColor: string): CSSProperties | undefined {
  if (primaryColor === DEFAULT_PRIMARY_COLOR) return undefined;
  const mix = (other: 'white' | 'black', share: number) => `color-mix(in srgb, ${primaryColor} ${share}%, ${other})`;
  return {
    '--brand-50': mix('white', 8),
    '--brand-100': mix('white', 16),
    '--brand-500': mix('white', 85),
    '--brand-600': primaryColor,
    '--brand-700': mix('black', 82),
    '--brand-900': mix('black', 55),
  } as CSSProperties;
}
