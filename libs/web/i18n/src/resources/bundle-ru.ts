import { codesRu } from './codes-ru.ts';
import { ru } from './ru.ts';

/** Every namespace of the Russian catalogue (common, shell, errors, codes): loaded on demand by `loadLanguage('ru')`. */
export const bundle = { ...ru, codes: codesRu };
