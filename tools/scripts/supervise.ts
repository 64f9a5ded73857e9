// The process supervisor of distributed mode (issue 38 §1: one dead service stopped the whole portal). Starts every
// child, prefixes its output lines with its name, restarts one that exits with back-off and says so, never stops the
// others for it, and gives up on a child only when it crash-loops (too many exits in a window), naming it. SIGINT /
// SIGTERM stop the gateway first (no new requests), then the services.
//
//   node tools/scripts/supervise.ts NAME=ENTRY... (tools/scripts/distributed.sh runs it; ENTRY is run with `node`)
//
// Environment: SUPERVISE_BACKOFF_MS (250: the first restart's delay, doubled per exit in the window up to
// SUPERVISE_BACKOFF_MAX_MS, 4000), SUPERVISE_CRASH_LOOP (5 exits within SUPERVISE_WINDOW_MS, 60000, is a crash loop),
// SUPERVISE_EXIT_ON_GIVE_UP (the name of a child whose crash loop stops everything: "gateway"), SUPERVISE_SPARE (1: keep
// a warm spare, tools/scripts/spare.ts, that has loaded the services' code and becomes the next one that exits, so
// a restart skips the load; 0: restarts start afresh).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { supervise, type ChildSpec } from '@intranet/platform-host/supervise';

const num = (name: string, def: number) => {
  const v = Number(process.env[name] ?? def);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number`);
  return v;
};

/** The command line: NAME=ENTRY arguments, each ENTRY run with this Node (and its options: the SWC hook). */
async function main() {
  const specs = process.argv.slice(2).map((a): ChildSpec => {
    const i = a.indexOf('=');
    if (i < 1) throw new Error(`expected NAME=ENTRY, got '${a}'`);
    const entry = a.slice(i + 1);
    const name = a.slice(0, i);
    // The gateway is not taken from the spare (it loads other code; the spare holds the services').
    return { name, cmd: process.execPath, args: [entry], becomes: name === 'gateway' ? undefined : entry };
  });
  const serviceEntries = specs.flatMap((s) => (typeof s.becomes === 'string' ? [s.becomes] : []));
  const spare =
    process.env.SUPERVISE_SPARE !== '0' && serviceEntries.length
      ? { cmd: process.execPath, args: [fileURLToPath(new URL('./spare.ts', import.meta.url)), ...new Set(serviceEntries)] }
      : undefined;
  const fatal = (process.env.SUPERVISE_EXIT_ON_GIVE_UP ?? 'gateway').split(',');
  const log = (line: string) => process.stderr.write(`[distributed] ${line}\n`);
  let stopping: Promise<void> | undefined;
  const sup = supervise(specs, {
    backoffMs: num('SUPERVISE_BACKOFF_MS', 250),
    backoffMaxMs: num('SUPERVISE_BACKOFF_MAX_MS', 4_000),
    crashLoop: num('SUPERVISE_CRASH_LOOP', 5),
    windowMs: num('SUPERVISE_WINDOW_MS', 60_000),
    spare,
    log,
    out: (line, stream) => (stream === 'stdout' ? process.stdout : process.stderr).write(`${line}\n`),
    onGiveUp: (name) => {
      if (!fatal.includes(name)) return;
      log(`without ${name} the portal cannot serve; stopping`);
      process.exitCode = 1;
      stopping ??= sup.stop();
    },
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      log(`${sig}: stopping ${specs.length} processes`);
      stopping ??= sup.stop();
      void stopping.then(() => process.exit(sig === 'SIGINT' ? 130 : 143));
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    process.stderr.write(`[distributed] error: ${(err as Error).message}\n`);
    process.exit(1);
  });
}
