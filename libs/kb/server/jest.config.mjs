import { projectConfig } from '../../../jest.preset.mjs';

// Unit specs beside the code (src/**/*.spec.ts); the integration specs are the project in ./test.
export default projectConfig(import.meta.dirname, { roots: ['<rootDir>/src'] });
