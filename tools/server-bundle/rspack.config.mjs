// The embedded portal as one bundle (ADR 0015): `npm start` runs dist/server/main.mjs, built by ./build.mjs from
// apps/portal/src/main.ts with the project's TypeScript and most of its packages, so a start loads a handful of files
// instead of ≈ 2,700 modules (restart and idle memory: tools/bench/README.md "startup.ts", 2026-11-29).
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(new URL('../../package.json', import.meta.url));

// Packages that stay in node_modules: they find files next to their own module (PGlite's .wasm and .data, native
// addons, SWC's binary, swagger-ui's assets) or are imported on first use only (they would only grow the bundle).
const EXTERNAL = [
  /^@electric-sql\/pglite/,
  /^@swc\//,
  /^sharp/,
  /^argon2/,
  /^@node-rs\//,
  /^exceljs/,
  /^grammy/,
  /^openid-client/,
  /^openai/,
  /^nodemailer/,
  /^@aws-sdk\//,
  /^@fastify\/swagger-ui/,
  /^pino/,
  /^thread-stream/,
];
// Optional dependencies that libraries require inside try/catch (Nest's transports and validators, ws's native
// helpers, pg's native binding): when not installed they stay external, so the require() throws at run time as it
// does without a bundle (an empty module instead would pass the library's check: ws then called a missing unmask()).
const OPTIONAL = [
  '@nestjs/microservices/microservices-module',
  '@nestjs/websockets/socket-module',
  '@nestjs/platform-express',
  '@fastify/view',
  'cache-manager',
  'class-validator',
  'class-transformer',
  'class-transformer/storage',
  '@grpc/grpc-js',
  '@grpc/proto-loader',
  'kafkajs',
  'mqtt',
  'amqplib',
  'amqp-connection-manager',
  'ioredis',
  'nats',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];
const installed = (name) => {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
};

const missing = new Set(OPTIONAL.filter((name) => !installed(name)));

/** Rspack configuration of the server bundle; `entry` is the generated entry module (./build.mjs). */
export function serverConfig(entry, outDir) {
  return {
    mode: 'production',
    target: 'node24',
    context: ROOT,
    entry: { main: entry },
    output: {
      path: outDir,
      filename: '[name].mjs',
      chunkFilename: 'c/[name].mjs',
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: true,
    },
    experiments: { outputModule: true },
    externalsPresets: { node: true },
    // A package required from CommonJS stays a lazy require(); one imported from ESM an import().
    externals: [
      ({ request, dependencyType }, cb) =>
        request && (EXTERNAL.some((r) => r.test(request)) || missing.has(request))
          ? cb(null, request, dependencyType === 'commonjs' ? 'node-commonjs' : 'module-import')
          : cb(),
    ],
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      alias: {
        // pg-protocol's ESM wrapper ends with `export default protocol` after a line without a semicolon, which
        // Rspack 2.3 renders into a call of the line before; its CommonJS build is the same code.
        'pg-protocol$': require.resolve('pg-protocol'),
      },
    },
    module: {
      parser: {
        javascript: {
          // `import.meta.url` becomes each source file's own URL, so the migrations folders, REPO_ROOT and the
          // PGlite worker (loaded from its .ts, which Node runs by type stripping) are found where they are.
          importMeta: true,
          url: false,
          worker: false,
          // A CommonJS module's missing named export (pg-protocol's SASL, rrule's default) is undefined, as in Node.
          exportsPresence: false,
        },
      },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          // As tools/swc/register.mjs: legacy decorators with design-type metadata for Nest's DI; class names kept.
          options: {
            jsc: {
              target: 'es2024',
              parser: { syntax: 'typescript', tsx: false, decorators: true },
              transform: { legacyDecorator: true, decoratorMetadata: true },
              keepClassNames: true,
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: {
      // Readable stack traces without source maps: SWC's minifier only prints the chunks again (no compression, no
      // renaming), without comments and with every character outside ASCII escaped. V8 keeps a chunk's source in
      // memory as long as its functions live, and one non-ASCII character makes the whole chunk a two-byte string
      // (23 of the 43 chunks had one), twice the memory: idle RSS 319.5 → 307 MB, start time unchanged
      // (tools/bench/README.md, 2026-11-29). The comments held ≈ 800 `sourceMappingURL` lines of bundled libraries.
      minimize: true,
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin({
          minimizerOptions: { minify: false, compress: false, mangle: false, format: { asciiOnly: true, comments: false } },
        }),
      ],
      // The exports Rspack would drop or rename are kept (its unused-export rewriting broke an ASI-dependent line of
      // pg's ESM wrapper, as above).
      usedExports: false,
      mangleExports: false,
      // Domains are imported on demand (discovery), each as an async chunk; what two of them share is one chunk.
      splitChunks: {
        chunks: 'async',
        cacheGroups: { default: false, defaultVendors: false, shared: { minChunks: 2, name: 'shared', chunks: 'async', enforce: true } },
      },
    },
    devtool: false,
    // Expression imports (discovery's, Nest's loadPackage) and optional packages are expected; see above.
    ignoreWarnings: [/Critical dependency/, /Module not found/],
    stats: 'errors-warnings',
  };
}
