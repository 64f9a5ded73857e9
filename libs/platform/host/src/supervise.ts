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
  /** What a warm spare (SuperviseOptions.spare) is sent to become this child; without it the child is never taken from a spare. */
  becomes?: unknown;
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
  /**
   * A warm spare: a process that loads the children's code ahead and waits (IPC message `'ready'` to the
   * supervisor), so that a restart skips the load: a child that exits is replaced by the spare, sent
   * `{ become: spec.becomes }`, and a new spare is started behind it. Without a ready spare a restart starts the
   * child afresh. A spare that keeps exiting is given up on like a child (restarts go on without one).
   */
  spare?: { cmd: string; args: string[]; env?: NodeJS.ProcessEnv };
  /** How long after a take-over the next spare starts (ms, default 5000): its load must not slow the take-over. */
  spareDelayMs?: number;
}

interface State {
  spec: ChildSpec;
  proc?: ChildProcess;
  exits: number[];
  timer?: NodeJS.Timeout;
  gaveUp: boolean;
}

/** A running supervision: the children's current pids ('spare': the warm spare's), and stop() (the gateway first). */
export interface Supervision {
  pid(name: string): number | undefined;
  /** Whether a warm spare has loaded its code and waits (SuperviseOptions.spare). */
  spareReady(): boolean;
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
  // The warm spare (issue 38 §1: back within 5 s even when loading the code takes longer on a busy machine).
  const spare: State & { ready: boolean } = { spec: { name: 'spare', cmd: '', args: [] }, exits: [], gaveUp: !o.spare, ready: false };

  /** Each process's output label: its child's name ('spare' until the spare becomes a child). */
  const labels = new WeakMap<ChildProcess, string>();
  const spawnLabelled = (cmd: string, args: string[], env: NodeJS.ProcessEnv | undefined, name: string, ipc: boolean) => {
    const p = spawn(cmd, args, { env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc' as const] : [])] });
    labels.set(p, name);
    for (const stream of ['stdout', 'stderr'] as const) {
      createInterface({ input: p[stream]! }).on('line', (line) => o.out(`[${labels.get(p)}] ${line}`, stream));
    }
    p.once('error', (err) => o.log(`${labels.get(p)}: could not start: ${err.message}`));
    return p;
  };

  /** Counts an exit in the window; true when it makes a crash loop. */
  const countExit = (s: State) => {
    const now = Date.now();
    s.exits = [...s.exits.filter((t) => now - t < o.windowMs), now];
    return s.exits.length >= o.crashLoop;
  };

  const startSpare = () => {
    if (!o.spare || spare.gaveUp || stopping) return;
    spare.ready = false;
    const p = spawnLabelled(o.spare.cmd, o.spare.args, o.spare.env, 'spare', true);
    spare.proc = p;
    p.on('message', (m) => {
      if (m === 'ready' && spare.proc === p) spare.ready = true;
    });
    p.once('exit', (code, signal) => {
      if (spare.proc !== p || stopping) return;
      spare.proc = undefined;
      spare.ready = false;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (countExit(spare)) {
        spare.gaveUp = true;
        o.log(`the warm spare is crash-looping (last: ${how}); restarts go on without one`);
        return;
      }
      o.log(`the warm spare exited (${how}); a new one in ${(o.backoffMaxMs / 1000).toFixed(2)} s`);
      spare.timer = setTimeout(startSpare, o.backoffMaxMs);
    });
  };

  const watch = (s: State, p: ChildProcess) => {
    s.proc = p;
    p.once('exit', (code, signal) => {
      if (s.proc === p) s.proc = undefined;
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (countExit(s)) {
        s.gaveUp = true;
        o.log(
          `${s.spec.name} is crash-looping (${s.exits.length} exits within ${Math.round(o.windowMs / 1000)} s, last: ${how}); giving up on it, the others keep running`,
        );
        o.onGiveUp?.(s.spec.name);
        return;
      }
      const delay = Math.min(o.backoffMaxMs, o.backoffMs * 2 ** (s.exits.length - 1));
      const warm = s.spec.becomes !== undefined && spare.ready ? ' from the warm spare' : '';
      o.log(`${s.spec.name} exited (${how}); restart ${s.exits.length} in ${(delay / 1000).toFixed(2)} s${warm}, the others keep running`);
      s.timer = setTimeout(() => {
        s.timer = undefined;
        if (!stopping) restart(s);
      }, delay);
    });
  };

  const start = (s: State) => watch(s, spawnLabelled(s.spec.cmd, s.spec.args, s.spec.env, s.spec.name, false));

  /** A restart: the warm spare becomes the child when one is ready (and a new spare is started), else a fresh start. */
  const restart = (s: State) => {
    const p = spare.proc;
    if (s.spec.becomes === undefined || !p || !spare.ready || !p.connected) return start(s);
    spare.proc = undefined;
    spare.ready = false;
    // Its output lines were labelled 'spare'; the child's name from now on. Its spare exit handler ignores it now
    // (spare.proc is no longer this process).
    labels.set(p, s.spec.name);
    p.send({ become: s.spec.becomes });
    watch(s, p);
    spare.timer = setTimeout(startSpare, o.spareDelayMs ?? 5_000);
  };
  for (const s of states) start(s);
  startSpare();

  const stopSome = async (some: State[], graceMs: number) => {
    const live = some.flatMap((s) => (s.proc && s.proc.exitCode === null && s.proc.signalCode === null ? [s.proc] : []));
    const exited = live.map((p) => new Promise((r) => p.once('exit', r)));
    for (const p of live) p.kill('SIGTERM');
    const killer = setTimeout(() => live.forEach((p) => p.kill('SIGKILL')), graceMs);
    await Promise.all(exited);
    clearTimeout(killer);
  };

  return {
    spareReady: () => spare.ready,
    pid: (name) => (name === 'spare' ? spare.proc : states.find((s) => s.spec.name === name)?.proc)?.pid,
    async stop(graceMs = 10_000) {
      stopping = true;
      for (const s of [...states, spare]) if (s.timer) clearTimeout(s.timer);
      // The gateway (the edge) first, so no new request reaches a stopping service.
      const edge = states.filter((s) => s.spec.name === 'gateway');
      await stopSome(edge, Math.min(graceMs, 5_000));
      await stopSome([...states.filter((s) => !edge.includes(s)), spare], graceMs);
    },
  };
}
