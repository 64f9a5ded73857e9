// Load hook behind every server process and script (`node --import ./tools/swc/register.mjs`): compiles the
// project's TypeScript with SWC so NestJS decorators (legacy, with design-type metadata for DI) run under Node 24,
// whose type stripping cannot. Resolution stays Node's own; only the project's .ts/.tsx outside node_modules are
// transformed; inline source maps keep stack traces on the sources (run with --enable-source-maps).
// Output is cached on disk by content hash (node_modules/.cache/swc-load), so a restart neither compiles nor loads
// the SWC binary; SWC_CACHE=off disables the cache.
import { registerHooks, createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

// Module type of the package scope of a directory ('module' | 'commonjs'), cached per directory. Node looks up and
// re-parses the nearest package.json for every module it resolves; drizzle-orm's is 179 KB with 447 exports, so
// importing drizzle-orm/pg-core spent ≈ 1 s in that look-up alone (tools/bench/README.md "startup.ts").
const scopeType = new Map();
function packageType(dir) {
  const known = scopeType.get(dir);
  if (known) return known;
  let type;
  try {
    type = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).type === 'module' ? 'module' : 'commonjs';
  } catch (e) {
    if (e.code !== 'ENOENT' && e.code !== 'ENOTDIR') throw e;
    const up = dirname(dir);
    type = up === dir ? 'commonjs' : packageType(up);
  }
  scopeType.set(dir, type);
  return type;
}

const RELATIVE_JS = /^\.\.?\/.*\.m?js$/;

registerHooks({
  // Relative imports of .js/.mjs files inside packages: the URL is the specifier against its parent (exactly what
  // Node does for a relative ESM specifier) and the format comes from the cached scope type. require(), bare
  // specifiers, the project's own sources and anything else go through Node's resolution unchanged.
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (parent?.startsWith('file:') && parent.includes('/node_modules/') && RELATIVE_JS.test(specifier) && context.conditions?.includes('import')) {
      const url = new URL(specifier, parent);
      const format = url.pathname.endsWith('.mjs') ? 'module' : packageType(dirname(fileURLToPath(url)));
      return { url: url.href, format, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !TS.test(url) || url.includes('/node_modules/')) return nextLoad(url, context);
    const file = fileURLToPath(url);
    const code = compile(file, readFileSync(file, 'utf8'), url.endsWith('x'));
    return { format: url.endsWith('.cts') ? 'commonjs' : 'module', source: code, shortCircuit: true };
  },
});
