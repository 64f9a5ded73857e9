import { projectConfig } from '../../../jest.preset.mjs';

export default projectConfig(import.meta.dirname);
