// setupFiles of the specs run by tools/jest/thread-runner.mjs: `@jest/globals` resolves to tools/jest/globals.mjs
// in this thread (Jest's runtime module of that name only works inside Jest's vm sandbox).
import { registerHooks } from 'node:module';

const GLOBALS = new URL('./globals.mjs', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === '@jest/globals') return { url: GLOBALS, format: 'module', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
export default () => undefined;
