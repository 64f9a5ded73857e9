// Load hook behind every server process and script (`node --import ./tools/swc/register.mjs`): compiles the
// project's TypeScript with SWC so NestJS decorators (legacy, with design-type metadata for DI) run under Node 24,
// whose type stripping cannot. Resolution stays Node's own; only the project's .ts/.tsx outside node_modules are
// transformed; inline source maps keep stack traces on the sources (run with --enable-source-maps).
// Output is cached on disk by content hash (node_modules/.cache/swc-load), so a restart neither compiles nor loads
// the SWC binary; SWC_CACHE=off disables the cache.
import { registerHooks, createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TS = /\.(c|m)?tsx?$/;
const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = process.env.SWC_CACHE === 'off' ? null : join(ROOT, 'node_modules/.cache/swc-load');
let swc; // @swc/core, loaded on the first cache miss only
let salt; // SWC's version + this file: a new compiler or new options invalidate every entry

const options = (file, tsx) => ({
  filename: file,
  sourceMaps: 'inline',
  module: { type: 'es6' },
  jsc: {
    target: 'es2024',
    parser: { syntax: 'typescript', tsx, decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: tsx ? { runtime: 'automatic' } : undefined },
    keepClassNames: true,
  },
});

function compile(file, source, tsx) {
  if (!CACHE) return (swc ??= require('@swc/core')).transformSync(source, options(file, tsx)).code;
  salt ??= readFileSync(require.resolve('@swc/core/package.json'), 'utf8') + readFileSync(fileURLToPath(import.meta.url), 'utf8');
  // The file name is part of the key: the inline source map names it.
  const key = createHash('sha256').update(salt).update('\0').update(file).update('\0').update(source).digest('hex');
  const entry = join(CACHE, key.slice(0, 2), `${key}.js`);
  try {
    return readFileSync(entry, 'utf8');
  } catch {
    const code = (swc ??= require('@swc/core')).transformSync(source, options(file, tsx)).code;
    try {
      mkdirSync(join(CACHE, key.slice(0, 2)), { recursive: true });
      const tmp = `${entry}.${process.pid}.tmp`;
      writeFileSync(tmp, code);
      renameSync(tmp, entry); // atomic: concurrent processes never read half an entry
    } catch {
      // A read-only checkout still runs, just without the cache.
    }
    return code;
  }
}

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !TS.test(url) || url.includes('/node_modules/')) return nextLoad(url, context);
    const file = fileURLToPath(url);
    const code = compile(file, readFileSync(file, 'utf8'), url.endsWith('x'));
    return { format: url.endsWith('.cts') ? 'commonjs' : 'module', source: code, shortCircuit: true };
  },
});
