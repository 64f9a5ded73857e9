/**
 * Shared helpers of the benchmarks in tools/bench (feed.ts, socket-fanout.ts, kb-search.ts): environment parsing,
 * a throw-away database, a private nats-server, the portal in distributed mode as child processes (gateway +
 * clients/people + the domain services a bench needs), a client with its admin and imported employees, cleanup on
 * exit/errors/Ctrl-C, percentiles and tables. user-get.ts predates this file and keeps its own copy.
 * The helpers live in tools/bench/support/ by concern; this file is the one the benches import.
 */
export { ADMIN_PASSWORD, freePort, intEnv, log, onLiveEvents, ROOT, sleep, SUPER, until, within } from './support/basics.ts';
export { assertAlive, childTail, cleanup, onCleanup, respawnChild, runBench, runningChildren, signalChild, startChild } from './support/children.ts';
export { api, employeesCsv, expectOk, fastApi, type Api, type ApiResult } from './support/http.ts';
export { autocannon, machine, mark, percentile, table, timed, type Autocannon, type CannonResult } from './support/measure.ts';
export {
  embeddedPortalEnv,
  makeBenchClient,
  portalEntry,
  portalNodeOptions,
  ports,
  runtimeDatabase,
  startService,
  startStack,
  statementsReset,
  statementsTop,
  superClient,
  tenantSig,
  waitCount,
  type Stack,
} from './support/stack.ts';
