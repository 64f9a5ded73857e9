// Jest global teardown of the integration and browser runs (jest.specs.mjs, jest.preset.mjs): a run in band (one file,
// or `-i`) started its shared portals in Jest's own process (jest-shared-env.mjs); closing them lets the process end by
// itself, without `forceExit`. In a run with workers there is nothing here to close.
import { closeShared } from './jest-shared-env.mjs';

export default async function teardown() {
  await closeShared();
}
