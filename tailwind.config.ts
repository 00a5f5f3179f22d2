import type { Config } from 'tailwindcss';

// Loaded by app/globals.css through `@config`: the design tokens of the panel live here.
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        // a tenant's primary colour sets these variables (components/tenant-setup/brand-style.ts); the palette is the default
        brand: {
          50: 'var(--brand-50, #eef6ff)',
          100: 'var(--brand-100, #d9eaff)',
          500: 'var(--brand-500, #2f6fed)',
          600: 'var(--brand-600, #1f57cf)',
          700: 'var(--brand-700, #1a46a6)',
          900: 'var(--brand-900, #132c63)',
        },
        ink: {
          DEFAULT: '#0f172a',
          muted: '#475569',
          subtle: '#94a3b8',
        },
      },
      fontFamily: {
        sans: ['ui-sans-serif', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
        mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'],
      },
      boxShadow: {
        card: '0 1px 2px rgb(15 23 42 / 0.06), 0 1px 3px rgb(15 23 42 / 0.1)',
      },
    },
  },
};

export default config;
