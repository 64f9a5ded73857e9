// Jest test sequencer (jest.preset.mjs `testSequencer`): spec files that carry `@slow <seconds>s` in their opening
// comment run first, longest first, then Jest's own order (failed last time, then longest last time, else largest file). On a clean checkout
// Jest has no timings, and a long file started last (the domain generator, the import fuzz, the fresh-clone smoke)
// would leave one of the two cores idle until it ends. The seconds are each file's time in a full run, roughly (the
// browser specs' from the run of 2026-11-28 06:30, halved for its load): only their order matters.
import { readFileSync } from 'node:fs';
import TestSequencer from '@jest/test-sequencer';

const Base = TestSequencer.default ?? TestSequencer;
const HEAD_BYTES = 4096;

/** The seconds a spec file declares with `@slow <N>s` within its first 4 KB (0 when it does not). */
function slowSeconds(path) {
  try {
    const m = /@slow (\d+)s/.exec(readFileSync(path, 'utf8').slice(0, HEAD_BYTES));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

export default class SlowFirstSequencer extends Base {
  /** Input: the tests Jest selected; output: the same tests, `@slow` files first (longest first), then the rest in Jest's order. */
  sort(tests) {
    const ordered = super.sort(tests);
    const seconds = new Map(ordered.map((t) => [t, slowSeconds(t.path)]));
    const slow = ordered.filter((t) => seconds.get(t) > 0).sort((a, b) => seconds.get(b) - seconds.get(a));
    return [...slow, ...ordered.filter((t) => seconds.get(t) === 0)];
  }
}
