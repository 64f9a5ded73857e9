#!/usr/bin/env node
// Converts specs written for Node's test runner to Jest 30 (README "Tests"):
//   node tools/scripts/node-test-to-jest.mjs [--check] <file|dir>...
// - `import { … } from 'node:test'` becomes `import { … } from '@jest/globals'` (before → beforeAll, after → afterAll;
//   describe/it/beforeEach/afterEach stay; `jest` is added when needed);
// - `describe(name, { timeout: N }, fn)` becomes `jest.setTimeout(N)` before the describe (jest has no per-describe
//   time-out); `it(name, { timeout: N }, fn)` becomes `it(name, fn, N)`;
// - `it(name, { skip: cond }, fn)` becomes `(cond ? it.skip : it)(name, fn)` (the same condition as before);
// - `before(fn, { timeout: N })` (any hook) becomes `beforeAll(fn, N)`;
// - `{ todo }` / `{ only }` / `{ concurrency }` are refused (convert by hand), and so is a callback that takes
//   node:test's context (`async (t) => … t.skip()`): jest would take that parameter for its `done` callback. Make
//   such a spec decide before the call (`{ skip: cond }`, top-level await is fine) and convert it then;
// - the domain generator's templates (`*.ts__tmpl__`, EJS tags outside the edited spans) are converted too;
// - node:assert/strict assertions are left as they are (jest fails a test on any thrown AssertionError).
// Files without a `node:test` import are left alone, so it can be run over a whole tree. --check lists what would
// change and exits 1 when something would; a file it cannot convert is named, left unchanged, and the exit code is 1.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const RENAME = { before: 'beforeAll', after: 'afterAll' };
const HOOKS = new Set(['describe', 'it', 'test', 'before', 'after', 'beforeEach', 'afterEach']);

function files(p, out = []) {
  if (statSync(p).isDirectory()) {
    for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist' && !e.startsWith('.')) files(join(p, e), out);
  } else if (/\.(m|c)?tsx?(__tmpl__)?$/.test(p)) out.push(p);
  return out;
}

/** The converted source, or null when `src` does not import node:test. Throws on what it cannot convert. */
export function convert(src, file = 'spec.ts') {
  const tsx = file.replace(/__tmpl__$/, '').endsWith('x');
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true, tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const imp = sf.statements.find((s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === 'node:test');
  if (!imp) return null;
  const bindings = imp.importClause?.namedBindings;
  if (!bindings || !ts.isNamedImports(bindings) || imp.importClause.name) throw new Error(`${file}: only named imports from node:test can be converted`);
  const names = bindings.elements.map((e) => {
    if (e.propertyName || !HOOKS.has(e.name.text)) throw new Error(`${file}: cannot convert node:test import '${e.getText()}' (by hand)`);
    return e.name.text;
  });
  const edits = []; // [start, end, text], non-overlapping
  let needJest = false;
  const text = (n) => n.getText(sf);
  const line = (n) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  /** The options object of a node:test call as { key: source text }; refuses keys outside `allowed`. */
  const options = (obj, fn, allowed) => {
    const opts = {};
    for (const p of obj.properties) {
      const key = p.name && ts.isIdentifier(p.name) ? p.name.text : '?';
      if (!allowed.includes(key)) throw new Error(`${file}:${line(p)}: cannot convert option '${key}' of ${fn}() (by hand)`);
      opts[key] = ts.isPropertyAssignment(p) ? text(p.initializer) : key;
    }
    return opts;
  };
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && names.includes(node.expression.text)) {
      const fn = node.expression.text;
      if (RENAME[fn]) edits.push([node.expression.getStart(sf), node.expression.end, RENAME[fn]]);
      const a = node.arguments;
      const body = a.find((x) => ts.isArrowFunction(x) || ts.isFunctionExpression(x));
      if (body && body.parameters.length) {
        // node:test passes a context (t.skip(), t.mock, t.diagnostic …); jest would take the parameter for `done`.
        throw new Error(`${file}:${line(node)}: ${fn}() callback takes node:test's context '${text(body.parameters[0])}' (by hand)`);
      }
      if (!['describe', 'it', 'test'].includes(fn) && a.length === 2 && ts.isObjectLiteralExpression(a[1])) {
        // before(fn, { timeout: N }) → beforeAll(fn, N)
        const opts = options(a[1], fn, ['timeout']);
        edits.push([a[0].end, a[1].end, opts.timeout ? `, ${opts.timeout}` : '']);
      }
      if (['describe', 'it', 'test'].includes(fn) && a.length === 3 && ts.isObjectLiteralExpression(a[1])) {
        const opts = options(a[1], fn, ['timeout', 'skip']);
        const head = opts.skip ? `(${opts.skip} ? ${fn}.skip : ${fn})` : fn;
        // Inner calls are edited separately: keep the callback's source span and rewrite around it.
        edits.push([node.getStart(sf), a[0].getStart(sf), `${head}(`]);
        edits.push([a[0].end, a[2].getStart(sf), ', ']);
        if (opts.timeout && fn === 'describe') {
          // jest has no per-describe time-out: set it for the file before the describe.
          needJest = true;
          const stmt = node.parent;
          if (!ts.isExpressionStatement(stmt)) throw new Error(`${file}: describe() with a timeout must be a statement`);
          const lineStart = src.lastIndexOf('\n', stmt.getStart(sf)) + 1;
          const indent = src.slice(lineStart, stmt.getStart(sf));
          edits.push([stmt.getStart(sf), stmt.getStart(sf), `jest.setTimeout(${opts.timeout});\n${indent}`]);
        } else if (opts.timeout) {
          edits.push([a[2].end, a[2].end, `, ${opts.timeout}`]);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const jestNames = names.map((n) => RENAME[n] ?? n);
  if (needJest || /(?<![\w.$])jest\./.test(src)) jestNames.push('jest');
  const uniq = [...new Set(jestNames)].sort((x, y) => x.localeCompare(y));
  edits.push([imp.getStart(sf), imp.end, `import { ${uniq.join(', ')} } from '@jest/globals';`]);
  edits.sort((x, y) => y[0] - x[0] || y[1] - x[1]);
  let out = src;
  for (const [s, e, t] of edits) out = out.slice(0, s) + t + out.slice(e);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const check = argv.includes('--check');
  const paths = argv.filter((a) => a !== '--check');
  if (!paths.length) {
    console.error('usage: node tools/scripts/node-test-to-jest.mjs [--check] <file|dir>...');
    process.exit(2);
  }
  let changed = 0;
  let refused = 0;
  for (const f of paths.flatMap((p) => files(p))) {
    const src = readFileSync(f, 'utf8');
    let out;
    try {
      out = convert(src, f);
    } catch (e) {
      // The other files are still converted; the file is left as it was.
      console.error(`cannot convert: ${e.message}`);
      refused++;
      continue;
    }
    if (out === null || out === src) continue;
    changed++;
    if (check) console.log(`would convert ${f}`);
    else {
      writeFileSync(f, out);
      console.log(`converted ${f}`);
    }
  }
  console.log(`${changed} file(s) ${check ? 'to convert' : 'converted'}${refused ? `, ${refused} to convert by hand` : ''}`);
  if ((check && changed) || refused) process.exit(1);
}
