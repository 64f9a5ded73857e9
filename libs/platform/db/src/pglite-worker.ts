/**
 * The embedded database's thread (issue 19: PGlite off the event loop). PGlite's WASM engine runs every query
 * synchronously; on the portal's main thread that was about half its CPU under load, stalling HTTP, sockets and
 * timers. Here one PGlite runs in a worker thread and answers whole queries, so a query costs one message each way
 * (PGlite's own PGliteWorker makes about ten round trips per query: the protocol steps, locks and blob hooks).
 * Plain erasable TypeScript: the worker thread loads it with Node's own type stripping. Client: `WorkerPglite` in
 * `pglite-client.ts`.
 *
 * `workerData`: `{ dataDir, startParams }`. Messages: `{ id, ...request }` (the requests of `pglite-session.ts`),
 * each answered `{ id, result }` or `{ id, error }`; `{ ready: true }` once PGlite is open.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parentPort, workerData } from 'node:worker_threads';
import { errorOf, pgliteSession, type SessionRequest } from './pglite-session.ts';

const port = parentPort!;
const { dataDir, startParams } = workerData as { dataDir: string; startParams: string[] };
const session = pgliteSession(await PGlite.create({ dataDir, startParams, extensions: { pg_trgm } }));

port.on('message', (m: SessionRequest & { id: number }) => {
  session.handle(m).then(
    (result) => port.postMessage({ id: m.id, result }),
    // A failed statement that opened a transaction rejects with `{ ...errorOf(err), tx }` already.
    (err: unknown) => port.postMessage({ id: m.id, error: errorOf(err) }),
  );
});
port.postMessage({ ready: true });
