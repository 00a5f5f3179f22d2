import { createServer } from 'node:http';

// The bench's floor (bench/_anchor.ts): Node's own http server answering the same JSON, no framework.
const body = JSON.stringify({ code: 200, message: 'OK', data: { status: 'ok' } });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT), process.env.HOSTNAME ?? '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
