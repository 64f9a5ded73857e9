import { codesUk } from './codes-uk.ts';
import { uk } from './uk.ts';

/** Every namespace of the Ukrainian catalogue (common, shell, errors, codes): loaded on demand by `loadLanguage('uk')`. */
export const bundle = { ...uk, codes: codesUk };
