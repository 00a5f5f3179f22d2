import { describe, expect, it } from 'vitest';
import { CATCH_ALL_PAGE, routeTableOf, unservedApiSlug } from '@/server/api-fallback.mjs';

/**
 * server/api-fallback.mjs: which requests the edge answers with the catch-all's handler itself
 * (docs/edge.md, "Unknown API paths"). The build's real table is checked against every route
 * folder in tests/e2e/api/routing.spec.ts.
 */
const route = (page: string, regex: string) => ({ page, regex });
const ROUTES = {
  basePath: '',
  redirects: [{ source: '/:path+/', destination: '/:path+', internal: true, statusCode: 308 }],
  headers: [],
  rewrites: { beforeFiles: [], afterFiles: [], fallback: [] },
  staticRoutes: [route('/api/health', '^/api/health(?:/)?$'), route('/', '^/(?:/)?$')],
  dynamicRoutes: [
    route('/api/auth/[...nextauth]', '^/api/auth/(.+?)(?:/)?$'),
    route('/api/v2.1/wallets/[walletId]', '^/api/v2\\.1/wallets/([^/]+?)(?:/)?$'),
    route(CATCH_ALL_PAGE, '^/api(?:/(.+?))?(?:/)?$'),
    // the panel's catch-all page: after the API's in Next.js's order, so it never takes an API path
    route('/[...missing]', '^/(.+?)(?:/)?$'),
  ],
};
const FUNCTIONS = { functions: { '/_middleware': { matchers: [{ regexp: '^(?:\\/((?!api\\/|_next\\/).*))$' }] } } };
const PAGES = { '/_app': 'pages/_app.js', '/_error': 'pages/_error.js' };
const { table, reason } = routeTableOf(ROUTES, PAGES, FUNCTIONS);

describe('the edge route table', () => {
  it('knows the static and dynamic routes, and counts the catch-all as no route', () => {
    expect(reason).toBeNull();
    expect(table!.serves('/api/health')).toBe(true);
    expect(table!.serves('/api/v2.1/wallets/abc')).toBe(true);
    expect(table!.serves('/api/auth/session')).toBe(true);
    expect(table!.serves('/api/v2.1/nope')).toBe(false);
    expect(table!.serves('/api/v2.1/wallets/abc/extra')).toBe(false);
  });

  it('ignores the routes Next.js tries after the catch-all (a page catch-all matches API paths too)', () => {
    expect(table!.serves('/api/v2.1/nope')).toBe(false);
    const { table: pageFirst } = routeTableOf({ ...ROUTES, dynamicRoutes: [route('/[...missing]', '^/(.+?)(?:/)?$'), ...ROUTES.dynamicRoutes.slice(0, 3)] }, PAGES, FUNCTIONS);
    expect(pageFirst!.serves('/api/v2.1/nope')).toBe(true);
  });

  it('leaves to Next.js a path the proxy (middleware) matches', () => {
    const { table: withProxyOnApi } = routeTableOf(ROUTES, PAGES, { functions: { '/_middleware': { matchers: [{ regexp: '^/api/private(?:/.*)?$' }] } } });
    expect(withProxyOnApi!.serves('/api/private/x')).toBe(true);
    expect(withProxyOnApi!.serves('/api/public/x')).toBe(false);
  });

  it.each([
    [{ rewrites: { beforeFiles: [], afterFiles: [{ source: '/a', destination: '/b' }], fallback: [] } }, PAGES, 'the build has rewrites'],
    [{ rewrites: [{ source: '/a', destination: '/b' }] }, PAGES, 'the build has rewrites'],
    [{ headers: [{ source: '/api/:p*', headers: [] }] }, PAGES, 'the build has configured headers'],
    [{ redirects: [{ source: '/old', destination: '/new', statusCode: 308 }] }, PAGES, 'the build has configured redirects'],
    [{ basePath: '/bank' }, PAGES, 'the build has a base path'],
    [{ i18n: { locales: ['en'], defaultLocale: 'en' } }, PAGES, 'the build has locales'],
    [{}, { ...PAGES, '/api/legacy': 'pages/api/legacy.js' }, 'the build has pages-router API routes'],
    [{ dynamicRoutes: ROUTES.dynamicRoutes.filter((r) => r.page !== CATCH_ALL_PAGE) }, PAGES, 'the build has no /api/[[...slug]] route'],
  ])('turns itself off when the build has what it does not model: %j', (change, pages, why) => {
    expect(routeTableOf({ ...ROUTES, ...change }, pages, FUNCTIONS)).toEqual({ table: null, reason: why });
  });
});

describe('the requests the edge answers itself', () => {
  it.each([
    ['GET', '/api/v2.1/nope', ['v2.1', 'nope']],
    ['POST', '/api/does-not-exist?x=1&y=2', ['does-not-exist']],
    ['OPTIONS', '/api/v2.1/tenants/registration/extra/segments', ['v2.1', 'tenants', 'registration', 'extra', 'segments']],
    ['HEAD', '/api/~nope', ['~nope']],
    ['DELETE', '/api/HEALTH', ['HEALTH']],
  ])('%s %s: the catch-all, with its slug', (method, url, slug) => {
    expect(unservedApiSlug(method, url, table)).toEqual(slug);
  });

  it.each([
    ['GET', '/api/health', 'a route serves it'],
    ['GET', '/api/health?x=1', 'a route serves it'],
    ['GET', '/api/v2.1/wallets/abc', 'a dynamic route serves it'],
    ['GET', '/api/auth/anything/at/all', "next-auth's catch-all serves it"],
    ['GET', '/api/v2.1/nope/', 'Next.js redirects a trailing slash first'],
    ['GET', '/api/%7Enope', 'an escape: Next.js decodes it'],
    ['GET', '/api/v2.1/../health', 'a dot segment: Next.js normalises it'],
    ['GET', '/api/./nope', 'a dot segment'],
    ['GET', '/api/v2.1//nope', 'an empty segment'],
    ['GET', '/api', 'the bare prefix'],
    ['GET', '/apiary/nope', 'not under /api/'],
    ['GET', '/nope', 'a page path'],
    ['TRACE', '/api/v2.1/nope', 'a method the catch-all does not export'],
  ])('%s %s goes to Next.js: %s', (method, url) => {
    expect(unservedApiSlug(method, url, table)).toBeNull();
  });

  it('answers nothing itself without a table (development, or a build it does not model)', () => {
    expect(unservedApiSlug('GET', '/api/v2.1/nope', null)).toBeNull();
  });
});
