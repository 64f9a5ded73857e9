// `@jest/globals` for spec files run by tools/jest/thread-runner.mjs (resolved here by tools/jest/setup.mjs):
// jest-light-runner puts jest-circus' functions on globalThis; this adds what Jest's own runtime does and the light
// runner does not: the per-test and per-hook timeout (the project's testTimeout, `jest.setTimeout`, or the last
// argument) failing the test or hook that exceeds it.
import Tinypool from 'tinypool';

const g = globalThis;
let timeoutMs = Tinypool.workerData?.globalConfig?.testTimeout || 120_000;

/** fn, failing with Jest's message when it runs longer than `ms` (or the current default). */
function timed(fn, ms) {
  if (typeof fn !== 'function') return fn;
  return function (...args) {
    const limit = ms ?? timeoutMs;
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Exceeded timeout of ${limit} ms for a test or hook.`)), limit);
    });
    return Promise.race([Promise.resolve().then(() => fn.apply(this, args)), late]).finally(() => clearTimeout(timer));
  };
}

function testFn(base) {
  const f = (name, fn, ms) => base(name, timed(fn, ms));
  f.only = (name, fn, ms) => base.only(name, timed(fn, ms));
  f.skip = base.skip;
  f.todo = base.todo;
  return f;
}

export const it = testFn(g.it);
export const test = it;
export const describe = g.describe;
export const beforeAll = (fn, ms) => g.beforeAll(timed(fn, ms));
export const afterAll = (fn, ms) => g.afterAll(timed(fn, ms));
export const beforeEach = (fn, ms) => g.beforeEach(timed(fn, ms));
export const afterEach = (fn, ms) => g.afterEach(timed(fn, ms));
export const expect = g.expect;
export const jest = {
  ...g.jest,
  /** The timeout of the tests and hooks declared after this call (Jest's semantics within one file). */
  setTimeout(ms) {
    timeoutMs = ms;
    return jest;
  },
};
