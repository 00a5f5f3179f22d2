/**
 * `promise`, or a rejection `no answer within <ms> ms` when it has not settled by then.
 *
 * A timer that fires late because the event loop was busy (a long synchronous task, a starved CPU)
 * runs before the I/O callbacks that became ready meanwhile: the answer may already be there,
 * unread. So the timeout gives pending I/O one turn of the loop (setImmediate runs after the poll
 * phase) before it counts: a busy process is not reported as an unreachable dependency. The fuzzer
 * saw `/api/health` answer 503 "timeout" once on a loaded machine (load about 20 on 2 cores) while
 * PostgreSQL served the requests around it.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new Error(`no answer within ${ms} ms`))), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}
