/**
 * The `codes` catalogues of every language (each in its own module, so a page loads only its language's:
 * see `loadLanguage` in ../index.ts). Keep en, ru and uk complete (codes.spec checks it).
 */
export { codesEn } from './codes-en.ts';
export { codesRu } from './codes-ru.ts';
export { codesUk } from './codes-uk.ts';
