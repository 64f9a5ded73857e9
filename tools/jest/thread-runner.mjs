// Jest runner of the integration and browser specs (docs/adr/0012): each spec file runs in a fresh worker thread
// on bare Node, its TypeScript loaded by the SWC hook of NODE_OPTIONS (tools/swc/register.mjs) like every server
// process, instead of Jest's vm sandbox that re-resolved and re-compiled the whole portal for every file (~3 s of
// CPU a file). The tests themselves run by jest-light-runner's worker (jest-circus, expect); the thread ends with its
// file, so nothing a file started (PGlite's WASM memory, sockets, timers, module state) reaches the next one.
import Tinypool from 'tinypool';

const WORKER = new URL('../../node_modules/jest-light-runner/src/worker-runner.js', import.meta.url);

export default class ThreadRunner {
  #globalConfig;

  constructor(globalConfig) {
    this.#globalConfig = globalConfig;
  }

  async runTests(tests, _watcher, onStart, onResult, onFailure) {
    const { maxWorkers } = this.#globalConfig;
    const pools = new Map(); // one pool per project (its config travels as the workers' data)
    const poolOf = (projectConfig) => {
      let pool = pools.get(projectConfig);
      if (!pool) {
        pool = new Tinypool({
          filename: WORKER.href,
          isolateWorkers: true,
          minThreads: 0,
          maxThreads: maxWorkers,
          env: { FORCE_COLOR: '0', ...process.env },
          trackUnmanagedFds: false,
          workerData: { globalConfig: this.#globalConfig, projectConfig, runtime: 'worker_threads' },
        });
        pools.set(projectConfig, pool);
      }
      return pool;
    };
    // At most maxWorkers files at a time over all projects, in the sequencer's order (slow files first).
    const queue = [...tests];
    const lane = async () => {
      for (let test = queue.shift(); test; test = queue.shift()) {
        try {
          await onStart(test);
          await onResult(test, await poolOf(test.context.config).run(test.path));
        } catch (error) {
          await onFailure(test, error);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.max(1, maxWorkers) }, lane));
    } finally {
      await Promise.all([...pools.values()].map((p) => p.destroy()));
    }
  }
}
