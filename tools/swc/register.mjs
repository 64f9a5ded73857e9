// Load hook behind every server process and script (`node --import ./tools/swc/register.mjs`): compiles the
// project's TypeScript with SWC so NestJS decorators (legacy, with design-type metadata for DI) run under Node 24,
// whose type stripping cannot. Resolution stays Node's own; only the project's .ts/.tsx outside node_modules are
// transformed; inline source maps keep stack traces on the sources (run with --enable-source-maps).
import { registerHooks } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';

const TS = /\.(c|m)?tsx?$/;

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !TS.test(url) || url.includes('/node_modules/')) return nextLoad(url, context);
    const file = fileURLToPath(url);
    const tsx = url.endsWith('x');
    const { code } = transformSync(readFileSync(file, 'utf8'), {
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
    return { format: url.endsWith('.cts') ? 'commonjs' : 'module', source: code, shortCircuit: true };
  },
});
