import { describe, expect, it } from 'vitest';
import { MAX_CALLBACK_LENGTH, safeCallbackPath } from '@/lib/contract/redirect';

/**
 * Issue 26, item 1: the sign-in page's callbackUrl is an open redirect when judged by its first
 * characters (`/\evil.example/x` starts with `/` and not `//`, and a browser goes to evil.example).
 * safeCallbackPath resolves it against our origin and accepts only our own paths.
 */
const ORIGIN = 'https://bank.example.com';
const judge = (raw: unknown) => safeCallbackPath(raw, ORIGIN);

describe('safeCallbackPath: paths of our own origin pass, resolved', () => {
  it.each([
    ['/', '/'],
    ['/customers', '/customers'],
    ['/customers?q=ada&pageNo=2', '/customers?q=ada&pageNo=2'],
    ['/customers/3f0c1a2b-0000-4000-8000-000000000000#documents', '/customers/3f0c1a2b-0000-4000-8000-000000000000#documents'],
    ['/api-reference#getWallet', '/api-reference#getWallet'],
    ['/search?q=M%C3%BCller', '/search?q=M%C3%BCller'],
    ['/customers/../wallets', '/wallets'],
    ['/a/./b', '/a/b'],
    ['/wallets?q=a%2Fb', '/wallets?q=a%2Fb'],
    [`${ORIGIN}/transfers`, '/transfers'],
    [`${ORIGIN}/`, '/'],
  ])('%s -> %s', (raw, expected) => {
    expect(judge(raw)).toBe(expected);
  });
});

describe('safeCallbackPath: everything else is the fallback "/"', () => {
  it.each([
    // the reported spelling and its relatives: a backslash is a slash to a browser
    '/\\evil.example/x',
    '/\\/evil.example',
    '\\\\evil.example',
    '\\evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%255Cevil.example',
    '%5C%5Cevil.example',
    // protocol-relative, in every encoding
    '//evil.example',
    '//evil.example/x',
    '///evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/x/..//evil.example',
    // control characters a browser drops from a URL
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/\u0000evil',
    '/\u007fevil',
    '/\u0085evil',
    // absolute URLs of other origins and schemes
    'https://evil.example',
    'http://evil.example/x',
    'https:evil.example',
    'http://bank.example.com/x',
    'https://bank.example.com.evil.example/x',
    'https://bank.example.com@evil.example/x',
    'https://bank.example.com:444/x',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    // not a path at all
    'evil.example',
    'customers',
    '',
    ' /customers',
    '?x=1',
    '#top',
    // undecodable
    '/%E0%A4%A',
    '/%',
    // not a string, or too long
    undefined,
    null,
    42,
    ['/customers'],
    `/${'a'.repeat(MAX_CALLBACK_LENGTH)}`,
  ])('%j', (raw) => {
    expect(judge(raw)).toBe('/');
  });

  it('a bad origin refuses everything; the fallback can be chosen', () => {
    expect(safeCallbackPath('/customers', 'not a url')).toBe('/');
    expect(safeCallbackPath('//evil.example', ORIGIN, '/wallets')).toBe('/wallets');
  });

  it('never returns a value a browser could read as another host', () => {
    const samples = ['/\\x', '/%5C%5Cx', '//x', '/.//x', '/x/..//y', `${ORIGIN}//evil.example`, `${ORIGIN}/\\evil.example`];
    for (const raw of samples) {
      const path = judge(raw);
      expect(new URL(path, ORIGIN).origin, raw).toBe(ORIGIN);
      expect(path.startsWith('//') || path.includes('\\'), raw).toBe(false);
    }
  });
});
