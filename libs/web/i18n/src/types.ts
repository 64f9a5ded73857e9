/** A translation tree: nested objects of strings. */
export interface Translation {
  [key: string]: string | Translation;
}

/** Languages of the interface (§1: ru, ua → uk, en). */
export const LANGUAGES = ['en', 'ru', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
