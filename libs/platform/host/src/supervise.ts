/**
 * The process supervisor of distributed mode (issue 38 §1: one dead service stopped the whole portal), used by
 * tools/scripts/supervise.ts, which tools/scripts/distributed.sh runs. Starts every child, prefixes its output lines
 * with its name, restarts one that exits with back-off and says so, never stops the others for it, and gives up on
 * a child only when it crash-loops (too many exits in a window), naming it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** One supervised process: `name` for its log prefix, `cmd` and `args` as for spawn. */
export interface ChildSpec {
  name: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export interface SuperviseOptions {
  /** Delay of the first restart (ms); doubled for every further exit within the window. */
  backoffMs: number;
  backoffMaxMs: number;
  /** This many exits within windowMs is a crash loop: the child is not restarted again. */
  crashLoop: number;
  windowMs: number;
  /** Where the supervisor's own lines go (one line per call, no newline). */
  log: (line: string) => void;
  /** A child's output line, already prefixed with its name. */
  out: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Called when a child is given up on (crash loop). */
  onGiveUp?: (name: string) => void;
}

interface State {
  spec: ChildSpec;
  proc?: ChildProcess;
  exits: number[];
  timer?: NodeJS.Timeout;
  gaveUp: boolean;
}

/** A running supervision: the children's current pids, and stop() (gateway-first order is the caller's list order reversed). */
export interface Supervision {
  pid(name: string): number | undefined;
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `specs` and keeps them running: a child that exits is restarted after a back-off and the event logged
 * ("social exited (signal SIGKILL); restart 1 in 0.25 s"); after `crashLoop` exits within `windowMs` it is left
 * stopped and named ("social is crash-looping ...; giving up on it"). The other children are never touched.
 */
export function supervise(specs: ChildSpec[], o: SuperviseOptions): Supervision {
  let stopping = false;
  const states = specs.map((spec): State => ({ spec, exits: [], gaveUp: false }));

  const start = (s: State) => {
    const p = spawn(s.spec.cmd, s.spec.args, { env: s.spec.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    s.proc = p;
    for (const stream of ['stdout', 'stderr'] as const) {
      createInterface({ input: p[stream]! }).on('line', (line) => o.out(`[${s.spec.name}] ${line}`, stream));
    }
    p.once('error', (err) => o.log(`${s.spec.name}: could not start: ${err.message}`));
    p.once('exit', (code, signal) => {
      if (s.proc === p) s.proc = undefined;
      if (stopping) return;
      const now = Date.now();
      s.exits = [...s.exits.filter((t) => now - t < o.windowMs), now];
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (s.exits.length >= o.crashLoop) {
        s.gaveUp = true;
        o.log(
          `${s.spec.name} is crash-looping (${s.exits.length} exits within ${Math.round(o.windowMs / 1000)} s, last: ${how}); giving up on it, the others keep running`,
        );
        o.onGiveUp?.(s.spec.name);
        return;
      }
      const delay = Math.min(o.backoffMaxMs, o.backoffMs * 2 ** (s.exits.length - 1));
      o.log(`${s.spec.name} exited (${how}); restart ${s.exits.length} in ${(delay / 1000).toFixed(2)} s, the others keep running`);
      s.timer = setTimeout(() => {
        s.timer = undefined;
        if (!stopping) start(s);
      }, delay);
    });
  };
  for (const s of states) start(s);

  const stopSome = async (some: State[], graceMs: number) => {
    const live = some.flatMap((s) => (s.proc && s.proc.exitCode === null && s.proc.signalCode === null ? [s.proc] : []));
    const exited = live.map((p) => new Promise((r) => p.once('exit', r)));
    for (const p of live) p.kill('SIGTERM');
    const killer = setTimeout(() => live.forEach((p) => p.kill('SIGKILL')), graceMs);
    await Promise.all(exited);
    clearTimeout(killer);
  };

  return {
    pid: (name) => states.find((s) => s.spec.name === name)?.proc?.pid,
    async stop(graceMs = 10_000) {
      stopping = true;
      for (const s of states) if (s.timer) clearTimeout(s.timer);
      // The gateway (the edge) first, so no new request reaches a stopping service.
      const edge = states.filter((s) => s.spec.name === 'gateway');
      await stopSome(edge, Math.min(graceMs, 5_000));
      await stopSome(
        states.filter((s) => !edge.includes(s)),
        graceMs,
      );
    },
  };
}
