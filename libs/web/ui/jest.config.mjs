import { projectConfig } from '../../../jest.preset.mjs';

// The components import their stylesheets (dialog.css, ui.css…): an empty module stands for them in specs.
export default projectConfig(import.meta.dirname, { moduleNameMapper: { '\\.css$': '<rootDir>/jest.css-stub.mjs' } });
