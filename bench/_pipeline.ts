/**
 * Our request pipeline's own cost, in process and without HTTP: the 404 route of the app
 * (app/api/[[...slug]], createRoute with everything a request passes: request id, client address,
 * rate limit, text rules, the error rendered as Envelope A, the headers, the metrics) against the
 * bare app's own catch-all handler (bench/anchor/next-app), which answers the same envelope with one Response.json, each called with a fresh NextRequest
 * and its answer read, in alternating rounds. The difference is what our code adds to a request,
 * apart from Next.js's routing and the HTTP server; steadier than any rate over HTTP, as both sides
 * run in the same thread within a second of each other.
 *
 *   node --import tsx bench/_pipeline.ts      prints one JSON line: { bareUs, oursUs, addedUs }
 *
 * Run by bench/anchor.ts, which sets its figure beside the bare route's CPU per answer.
 */
import { NextRequest } from 'next/server';
import { median } from './_harness';

// as the bench's server (bench/_harness.ts serverEnv): no access log line, the rate limits in memory
process.env.LOG_LEVEL = 'warn';
delete process.env.REDIS_URL;

const URL_OF_404 = 'http://127.0.0.1:3000/api/v2.1/nope';
const request = () => new NextRequest(URL_OF_404, { headers: { host: '127.0.0.1:3000', 'user-agent': 'autocannon' } });
const params = () => ({ params: Promise.resolve({ slug: ['v2.1', 'nope'] }) });

/** µs per call of `fn` over `n` calls, each answer read to its end. */
async function perCall(fn: () => Promise<Response>, n: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await (await fn()).arrayBuffer();
  return Number(process.hrtime.bigint() - started) / n / 1000;
}

async function main(): Promise<void> {
  const { GET: ours } = await import('../app/api/[[...slug]]/route');
  // the bare app's own catch-all (bench/anchor/next-app), the same module `next start` serves there
  const bareRoute = './anchor/next-app/app/api/[[...slug]]/route.js';
  const { GET: bare } = (await import(bareRoute)) as { GET: (req: Request) => Response };
  const oursCall = () => ours(request(), params());
  const bareCall = async () => bare(request());
  const first = await oursCall();
  if (first.status !== 404) throw new Error(`the 404 route answered ${first.status}`);
  // warm both until V8 has optimised them
  await perCall(bareCall, 20_000);
  await perCall(oursCall, 20_000);
  const bareUs: number[] = [];
  const oursUs: number[] = [];
  const added: number[] = [];
  for (let round = 0; round < Number(process.env.PIPELINE_ROUNDS ?? 7); round++) {
    const b = await perCall(bareCall, 10_000);
    const o = await perCall(oursCall, 10_000);
    bareUs.push(b);
    oursUs.push(o);
    added.push(o - b);
  }
  const r = (x: number) => Math.round(x * 10) / 10;
  console.log(JSON.stringify({ bareUs: r(median(bareUs)), oursUs: r(median(oursUs)), addedUs: r(median(added)) }));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
