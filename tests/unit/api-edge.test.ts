import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_NOT_FOUND_HANDLER, CATCH_ALL_PAGE, edgeRoute, paramsOf, registerRoute, routeKey, routeTableOf } from '@/server/api-edge.mjs';

/**
 * server/api-edge.mjs: which requests the edge answers itself, with which route's handler and params
 * (docs/edge.md, "API routes at the edge"). The build's real table is checked against every route
 * folder, and answers at the edge against Next.js's, in tests/e2e/api/routing.spec.ts.
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
    route('/api/v2.1/wallets/[walletId]/limits/[limitId]', '^/api/v2\\.1/wallets/([^/]+?)/limits/([^/]+?)(?:/)?$'),
    route('/api/v2.1/card/virtual/[...operation]', '^/api/v2\\.1/card/virtual/(.+?)(?:/)?$'),
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
    const { table: pageFirst } = routeTableOf(
      { ...ROUTES, dynamicRoutes: [route('/[...missing]', '^/(.+?)(?:/)?$'), ...ROUTES.dynamicRoutes.filter((r) => r.page !== '/[...missing]')] },
      PAGES,
      FUNCTIONS,
    );
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

describe('the route Next.js would pick, with its params', () => {
  it.each([
    ['/api/health', '/api/health', {}],
    ['/api/v2.1/wallets/abc', '/api/v2.1/wallets/[walletId]', { walletId: 'abc' }],
    ['/api/v2.1/wallets/abc/limits/l-1', '/api/v2.1/wallets/[walletId]/limits/[limitId]', { walletId: 'abc', limitId: 'l-1' }],
    ['/api/v2.1/card/virtual/card/info', '/api/v2.1/card/virtual/[...operation]', { operation: ['card', 'info'] }],
    ['/api/auth/session', '/api/auth/[...nextauth]', { nextauth: ['session'] }],
    ['/api/v2.1/nope', CATCH_ALL_PAGE, { slug: ['v2.1', 'nope'] }],
    ['/api/v2.1/wallets/abc/extra', CATCH_ALL_PAGE, { slug: ['v2.1', 'wallets', 'abc', 'extra'] }],
  ])('%s: %s', (pathname, page, params) => {
    expect(table!.resolve(pathname)).toEqual({ page, params });
  });

  it('leaves a path the proxy matches to Next.js', () => {
    const { table: withProxyOnApi } = routeTableOf(ROUTES, PAGES, { functions: { '/_middleware': { matchers: [{ regexp: '^/api/private(?:/.*)?$' }] } } });
    expect(withProxyOnApi!.resolve('/api/private/x')).toBeNull();
  });

  it('keys a page as its definition is labelled: [...x] and [[...x]] as [x]', () => {
    expect(routeKey('/api/v2.1/card/virtual/[...operation]')).toBe('/api/v2.1/card/virtual/[operation]');
    expect(routeKey('/api/[[...slug]]')).toBe('/api/[slug]');
    expect(routeKey('/api/v2.1/wallets/[walletId]')).toBe('/api/v2.1/wallets/[walletId]');
    expect(paramsOf('/api/[[...slug]]', '/api')).toEqual({});
  });
});

describe('the requests the edge answers itself', () => {
  const notFound = async () => new Response(null, { status: 404 });
  const wallet = { GET: async () => new Response('wallet'), OPTIONS: async () => new Response(null, { status: 204 }) };
  const operation = { POST: async () => new Response('card') };
  beforeAll(() => {
    (globalThis as Record<symbol, unknown>)[API_NOT_FOUND_HANDLER] = notFound;
    registerRoute('/api/v2.1/wallets/[walletId]', wallet);
    registerRoute('/api/v2.1/card/virtual/[operation]', operation);
    // a second registration of a key does not replace the first
    registerRoute('/api/v2.1/wallets/[walletId]', { GET: notFound });
  });
  afterAll(() => {
    delete (globalThis as Record<symbol, unknown>)[API_NOT_FOUND_HANDLER];
  });

  it.each([
    ['GET', '/api/v2.1/nope', ['v2.1', 'nope']],
    ['POST', '/api/does-not-exist?x=1&y=2', ['does-not-exist']],
    ['OPTIONS', '/api/v2.1/tenants/registration/extra/segments', ['v2.1', 'tenants', 'registration', 'extra', 'segments']],
    ['HEAD', '/api/~nope', ['~nope']],
    ['DELETE', '/api/HEALTH', ['HEALTH']],
  ])('%s %s: the catch-all, with its slug', (method, url, slug) => {
    expect(edgeRoute(method, url, table)).toEqual({ handler: notFound, params: { slug } });
  });

  it.each([
    ['GET', '/api/v2.1/wallets/abc', wallet.GET, { walletId: 'abc' }],
    ['GET', '/api/v2.1/wallets/abc?x=1', wallet.GET, { walletId: 'abc' }],
    ['HEAD', '/api/v2.1/wallets/abc', wallet.GET, { walletId: 'abc' }],
    ['OPTIONS', '/api/v2.1/wallets/abc', wallet.OPTIONS, { walletId: 'abc' }],
    ['POST', '/api/v2.1/card/virtual/card/info', operation.POST, { operation: ['card', 'info'] }],
  ])('%s %s: the loaded route, with its params', (method, url, handler, params) => {
    expect(edgeRoute(method, url, table)).toEqual({ handler, params });
  });

  it.each([
    ['GET', '/api/health', 'its module has not loaded (no handlers registered)'],
    ['POST', '/api/v2.1/wallets/abc', 'the route does not export the method'],
    ['GET', '/api/auth/anything/at/all', "next-auth's catch-all is not built by route()"],
    ['GET', '/api/v2.1/nope/', 'Next.js redirects a trailing slash first'],
    ['GET', '/api/%7Enope', 'an escape: Next.js decodes it'],
    ['GET', '/api/v2.1/../health', 'a dot segment: Next.js normalises it'],
    ['GET', '/api/./nope', 'a dot segment'],
    ['GET', '/api/v2.1//nope', 'an empty segment'],
    ['GET', '/api', 'the bare prefix'],
    ['GET', '/apiary/nope', 'not under /api/'],
    ['GET', '/nope', 'a page path'],
    ['TRACE', '/api/v2.1/nope', 'a method no route file exports'],
  ])('%s %s goes to Next.js: %s', (method, url) => {
    expect(edgeRoute(method, url, table)).toBeNull();
  });

  it('answers nothing itself without a table (development, or a build it does not model)', () => {
    expect(edgeRoute('GET', '/api/v2.1/nope', null)).toBeNull();
  });
});
