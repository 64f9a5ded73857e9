// The warm spare of distributed mode's supervisor (issue 38 §1: a killed service back within 5 s). Loading a service's
// code (Nest, the domain's modules, the SWC-compiled sources) takes most of its start-up, many seconds on a busy
// machine; this process loads what the service entries import ahead, tells the supervisor it is ready (IPC
// 'ready') and waits. Sent `{ become: ENTRY }`, it runs that entry, whose imports are loaded already, so only the
// connections and Nest's start remain. tools/scripts/supervise.ts starts it; nothing else should.
//
//   node tools/scripts/spare.ts ENTRY...     # e.g. apps/social-service/src/main.ts (paths from the repository root)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const entries = process.argv.slice(2);

/** The bare specifiers a service entry imports (its packages), loaded here without running the entry itself. */
function importsOf(entry: string): string[] {
  return [...readFileSync(entry, 'utf8').matchAll(/^import\s[^;]*?\sfrom\s+'([^'.][^']*)';/gm)].map((m) => m[1]!);
}

for (const specifier of new Set(entries.flatMap(importsOf))) await import(specifier);
process.once('message', (m: { become?: unknown }) => {
  const entry = m?.become;
  if (typeof entry !== 'string' || !entries.includes(entry)) {
    process.stderr.write(`spare: asked to become '${String(entry)}', not one of its entries\n`);
    process.exit(1);
  }
  // The channel is not needed any more; the entry runs as if it had been started by its own command.
  process.disconnect?.();
  void import(pathToFileURL(resolve(entry)).href);
});
process.send?.('ready');
