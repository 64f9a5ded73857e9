/**
 * Before/after in one run: the distributed benchmarks (user-get.ts, feed.ts) against the services and gateway of
 * two or more checkouts, alternating, with the same bench code and the same machine state.
 *
 *   git worktree add /tmp/base <base-commit> && cp -a node_modules .tools /tmp/base/
 *   BENCH_ROOTS=/tmp/base,$PWD node tools/bench/compare.ts
 *
 * Environment: BENCH_ROOTS (required, comma-separated checkouts), BENCH_SCRIPTS (user-get,feed), BENCH_ROUNDS (1);
 * every other BENCH_* variable is passed to the scripts (e.g. BENCH_EMPLOYEES=2000, BENCH_POSTS_LARGE=10000).
 * Prints each run's gateway and bare req/s and their ratio, then a summary per script and checkout. Each script
 * starts its own database and NATS server per run (tools/bench/lib.ts), so the runs do not share state.
 */
import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intEnv, log, table } from './lib.ts';

interface Row {
  script: string;
  root: string;
  round: number;
  gateway: number;
  bare: number;
}

/** Runs one bench script with its stack from `root`; resolves with its stdout (its progress goes to stderr). */
function run(script: string, root: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const file = fileURLToPath(new URL(`./${script}.ts`, import.meta.url));
    const child = spawn(process.execPath, [file], { env: { ...process.env, BENCH_ROOT: root }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} on ${root} exited with ${code}:\n${out.slice(-2000)}`))));
  });
}

/** req/s of the gateway and bare rows of a script's table (the last size when there are several). */
function parse(out: string): { gateway: number; bare: number } {
  const rps = (label: string) => {
    const lines = out.split('\n').filter((l) => l.includes(label));
    const cells =
      lines
        .at(-1)
        ?.trim()
        .split(/\s{2,}/) ?? [];
    const i = cells.findIndex((c) => c.includes(label));
    return Number(cells[i + 1]);
  };
  // user-get.ts's rows, else feed.ts's first page from SQL through the gateway against the bare handler's first page.
  if (out.includes('gateway (distributed)')) return { gateway: rps('gateway (distributed)'), bare: rps('bare fastify + pg') };
  return { gateway: rps('gateway, SQL path p1'), bare: rps('bare fastify + pg p1') };
}

async function main() {
  const roots = (process.env.BENCH_ROOTS ?? '').split(',').filter(Boolean);
  if (roots.length < 1) throw new Error('BENCH_ROOTS must name at least one checkout (comma-separated)');
  const scripts = (process.env.BENCH_SCRIPTS ?? 'user-get,feed').split(',').filter(Boolean);
  const rounds = intEnv('BENCH_ROUNDS', 1);
  const rows: Row[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const script of scripts) {
      for (const root of roots) {
        log(`round ${round}: ${script} on ${root}`);
        const out = await run(script, root);
        process.stdout.write(out);
        rows.push({ script, root, round, ...parse(out) });
      }
    }
  }
  const name = (r: string) => `${basename(r)}`;
  console.log(
    `\nbefore/after — ${rounds} round(s), load average ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    table(
      ['script', 'checkout', 'round', 'gateway req/s', 'bare req/s', 'gateway/bare'],
      rows.map((r) => [r.script, name(r.root), String(r.round), String(r.gateway), String(r.bare), (r.gateway / r.bare).toFixed(2)]),
    ),
  );
}

await main();
