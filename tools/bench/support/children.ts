/** Child processes of a bench and its cleanup on exit, errors and Ctrl-C (tools/bench/lib.ts re-exports them). */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { log, ROOT, tcpOpen, until, within } from './basics.ts';

/** A child process whose last output lines are kept for error reports. */
export interface Child {
  name: string;
  proc: ChildProcess;
  tail: string[];
  exited: boolean;
}

const children: Child[] = [];
/** Extra cleanup steps (workers, sockets, pools), run before the children are stopped, newest first. */
const cleanups: (() => Promise<void> | void)[] = [];
export const onCleanup = (fn: () => Promise<void> | void) => void cleanups.push(fn);

/** How each named child was started, so respawnChild can start it again the same way. */
const recipes = new Map<string, { cmd: string; args: string[]; env: NodeJS.ProcessEnv; opts: SpawnOptions }>();

/** Starts a child process (stopped by cleanup; its last 40 output lines kept for errors). */
export function startChild(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, opts: SpawnOptions = {}): Child {
  recipes.set(name, { cmd, args, env, opts });
  const proc = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const child: Child = { name, proc, tail: [], exited: false };
  const keep = (buf: Buffer) => {
    for (const line of buf.toString().split('\n')) if (line.trim()) child.tail.push(line);
    if (child.tail.length > 40) child.tail.splice(0, child.tail.length - 40);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  proc.once('exit', () => {
    child.exited = true;
  });
  children.push(child);
  return child;
}

/** Sends `signal` to the named child and waits for it to exit (SIGKILL: a crash; SIGTERM: a graceful stop). */
export async function signalChild(name: string, signal: NodeJS.Signals, ms = 30_000): Promise<void> {
  const c = children.find((x) => x.name === name && !x.exited);
  if (!c) throw new Error(`no running child ${name}`);
  const gone = new Promise<void>((r) => c.proc.once('exit', () => r()));
  c.proc.kill(signal);
  await within(ms, `${name} to exit on ${signal}`, gone);
  children.splice(children.indexOf(c), 1);
}

/**
 * Starts a child again exactly as it was first started (tools/chaos: nats-server or the private PostgreSQL after a
 * stop, on the same port and data folder); resolves once its port accepts connections.
 */
export async function respawnChild(name: string, port: number, ms = 30_000): Promise<void> {
  const r = recipes.get(name);
  if (!r) throw new Error(`no recipe for ${name}`);
  startChild(name, r.cmd, r.args, r.env, r.opts);
  await until(ms, name, async () => tcpOpen('127.0.0.1', port), 50);
}

/** The running child processes (name and pid), e.g. to sample their memory. */
export const runningChildren = (): { name: string; pid: number }[] =>
  children.filter((c) => !c.exited && c.proc.pid !== undefined).map((c) => ({ name: c.name, pid: c.proc.pid! }));

/** The last output lines of a child process started by startStack (e.g. 'kb-service'). */
export const childTail = (name: string): string[] => children.find((c) => c.name === name)?.tail ?? [];

export function assertAlive(): void {
  const dead = children.find((c) => c.exited);
  if (dead) throw new Error(`${dead.name} exited (code ${dead.proc.exitCode}):\n  ${dead.tail.join('\n  ')}`);
}

async function stopChild(c: Child, ms = 5_000): Promise<void> {
  if (c.exited || c.proc.exitCode !== null || c.proc.signalCode !== null) return;
  const gone = new Promise<void>((r) => c.proc.once('exit', () => r()));
  c.proc.kill('SIGTERM');
  const t = setTimeout(() => c.proc.kill('SIGKILL'), ms);
  await gone;
  clearTimeout(t);
}

let cleaning: Promise<void> | undefined;
const dirs: string[] = [];
let dropDb: { adminUrl: string; dbName: string } | undefined;

/** Removes folder `dir` (recursively) on cleanup. */
export const removeOnCleanup = (dir: string) => void dirs.push(dir);

/** Drops database `dbName` (through the administrator URL `adminUrl`) on cleanup. */
export function dropDatabaseOnCleanup(adminUrl: string, dbName: string): void {
  dropDb = { adminUrl, dbName };
}

/** Idempotent: extra cleanups, then the children (services first, NATS last), temp dirs, the database. */
export function cleanup(): Promise<void> {
  return (cleaning ??= (async () => {
    for (const fn of [...cleanups].reverse()) {
      try {
        await within(10_000, 'cleanup step', Promise.resolve(fn()));
      } catch (err) {
        log(`cleanup: ${(err as Error).message}`);
      }
    }
    for (const c of [...children].reverse()) await stopChild(c);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (dropDb) {
      const admin = new pg.Client({ connectionString: dropDb.adminUrl });
      try {
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS "${dropDb.dbName}" WITH (FORCE)`);
        log(`dropped database ${dropDb.dbName}`);
      } catch (err) {
        log(`could not drop database ${dropDb.dbName}: ${(err as Error).message}`);
      } finally {
        await admin.end().catch(() => undefined);
      }
    }
  })());
}

/** Runs `main` with cleanup on success, error, SIGINT and SIGTERM; sets the exit code. */
export async function runBench(main: () => Promise<void>): Promise<void> {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      log(`${sig}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (err) {
    process.exitCode = 1;
    log(`FAILED: ${(err as Error).stack ?? err}`);
  } finally {
    await cleanup();
  }
}
