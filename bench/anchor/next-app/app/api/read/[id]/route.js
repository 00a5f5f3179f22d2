// The bare app's read (bench/_anchor.ts): a dynamic route that makes one PostgreSQL round trip, a
// named statement through node-postgres's pool, and answers its row, with nothing of ours around
// them. What Next.js and the driver alone make of a read of one round trip: against the bare static
// route, the most any such read of ours can reach against our health (which makes none under load).
// The statement asks PostgreSQL for nothing but the path's id, so the database's own work is the
// least a read can cost. Needs ANCHOR_DATABASE_URL (the bench passes its PostgreSQL).
import pg from 'pg';

export const dynamic = 'force-dynamic';

let pool;

export async function GET(request, { params }) {
  const url = process.env.ANCHOR_DATABASE_URL;
  if (!url) return Response.json({ code: 503, message: 'ANCHOR_DATABASE_URL is not set', data: null }, { status: 503 });
  pool ??= new pg.Pool({ connectionString: url, max: 10 });
  const { id } = await params;
  const { rows } = await pool.query({ name: 'anchor_read', text: 'select $1::text as id, now() as at', values: [id] });
  return Response.json({ code: 200, message: 'OK', data: rows[0] });
}
