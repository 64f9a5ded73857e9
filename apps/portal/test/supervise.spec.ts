import assert from 'node:assert/strict';
import { afterEach, it } from '@jest/globals';
import { eventually } from '@intranet/platform-testing';
import { supervise, type ChildSpec, type Supervision } from '@intranet/platform-host/supervise';

/**
 * Issue 38 §1: distributed mode's runner (tools/scripts/distributed.sh → tools/scripts/supervise.ts) restarts a
 * crashed process with back-off and says so, never stops the others for it, and gives up only on a crash loop,
 * naming it. Here with small stand-in processes; the chaos script (tools/chaos/service-kill.ts) does it to the portal.
 */
const idle = (name: string): ChildSpec => ({ name, cmd: process.execPath, args: ['-e', 'console.log("up"); setInterval(() => {}, 1000)'] });
let running: Supervision | undefined;
afterEach(async () => {
  await running?.stop(2_000);
  running = undefined;
});

function start(specs: ChildSpec[], crashLoop = 5, spare?: ChildSpec) {
  const lines: string[] = [];
  const out: string[] = [];
  const gaveUp: string[] = [];
  running = supervise(specs, {
    backoffMs: 50,
    backoffMaxMs: 400,
    crashLoop,
    windowMs: 60_000,
    log: (l) => void lines.push(l),
    out: (l) => void out.push(l),
    onGiveUp: (n) => void gaveUp.push(n),
    spare,
  });
  return { sup: running, lines, out, gaveUp };
}

it('a killed child is restarted and logged; the others keep their processes', async () => {
  const { sup, lines, out } = start([idle('social'), idle('people'), idle('gateway')]);
  const pids = await eventually(() => {
    const p = ['social', 'people', 'gateway'].map((n) => sup.pid(n));
    return p.every(Boolean) && out.filter((l) => l.endsWith('] up')).length === 3 ? p : undefined;
  }, 30_000);
  process.kill(pids[0]!, 'SIGKILL');
  const restarted = await eventually(() => {
    const p = sup.pid('social');
    return p && p !== pids[0] ? p : undefined;
  }, 30_000);
  assert.notEqual(restarted, pids[0]);
  assert.deepEqual([sup.pid('people'), sup.pid('gateway')], [pids[1], pids[2]]);
  assert.deepEqual(lines, ['social exited (signal SIGKILL); restart 1 in 0.05 s, the others keep running']);
  await eventually(() => out.filter((l) => l === '[social] up').length === 2, 30_000);
});

it('a crash loop is named and given up on; the others keep running', async () => {
  const crashing: ChildSpec = { name: 'polls', cmd: process.execPath, args: ['-e', 'process.exit(3)'] };
  const { sup, lines, gaveUp } = start([crashing, idle('people')], 3);
  const people = await eventually(() => sup.pid('people'));
  await eventually(() => gaveUp.length === 1, 30_000);
  assert.deepEqual(gaveUp, ['polls']);
  assert.deepEqual(lines, [
    'polls exited (code 3); restart 1 in 0.05 s, the others keep running',
    'polls exited (code 3); restart 2 in 0.10 s, the others keep running',
    'polls is crash-looping (3 exits within 60 s, last: code 3); giving up on it, the others keep running',
  ]);
  assert.equal(sup.pid('polls'), undefined);
  assert.equal(sup.pid('people'), people);
});

it('a warm spare becomes the killed child at once (no load), and a new spare takes its place', async () => {
  // The stand-in spare says ready, then prints what it became and stays (tools/scripts/spare.ts runs the entry).
  const spare: ChildSpec = {
    name: 'spare',
    cmd: process.execPath,
    args: ['-e', 'process.send("ready"); process.once("message", (m) => { console.log("became " + m.become); setInterval(() => {}, 1000); })'],
  };
  const { sup, lines, out } = start([{ ...idle('social'), becomes: 'social-entry' }, idle('gateway')], 5, spare);
  const [social, gateway, first] = await eventually(() => {
    const p = [sup.pid('social'), sup.pid('gateway'), sup.pid('spare')];
    return p.every(Boolean) && out.filter((l) => l.endsWith('] up')).length === 2 ? p : undefined;
  }, 30_000);
  // A restart takes the spare only once it has said it is ready.
  await eventually(() => sup.spareReady(), 30_000);
  process.kill(social!, 'SIGKILL');
  await eventually(() => out.includes('[social] became social-entry'), 30_000);
  assert.equal(sup.pid('social'), first);
  assert.equal(sup.pid('gateway'), gateway);
  assert.deepEqual(lines, ['social exited (signal SIGKILL); restart 1 in 0.05 s from the warm spare, the others keep running']);
  const next = await eventually(() => {
    const p = sup.pid('spare');
    return p && p !== first ? p : undefined;
  }, 30_000);
  assert.notEqual(next, first);
});
