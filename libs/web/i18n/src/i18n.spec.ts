import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { initI18n, LANG_STORAGE_KEY, LANGUAGES, loadLanguage, normalizeLanguage, setLanguage, translateServerMessage } from './index.ts';

describe('§1 languages: ru, ua → uk, en', () => {
  it('the interface has exactly en, ru and uk', () => {
    assert.deepEqual([...LANGUAGES].sort(), ['en', 'ru', 'uk']);
  });

  it("maps the spec's 'ua' (and uk-UA, uk_UA, UA) to 'uk'", () => {
    for (const tag of ['ua', 'UA', 'uk', 'uk-UA', 'uk_UA', 'ua-UA']) assert.equal(normalizeLanguage(tag), 'uk', tag);
  });

  it('maps regional tags to their language; unknown or empty → null', () => {
    assert.equal(normalizeLanguage('ru-RU'), 'ru');
    assert.equal(normalizeLanguage('en-US'), 'en');
    assert.equal(normalizeLanguage('EN'), 'en');
    for (const tag of ['de', 'by', '', null, undefined]) assert.equal(normalizeLanguage(tag), null, String(tag));
  });
});

describe('i18n instance', () => {
  it("a profile language 'ua' switches the interface to Ukrainian without remembering it", async () => {
    const store = new Map<string, string>();
    (globalThis as unknown as { localStorage: Pick<Storage, 'getItem' | 'setItem'> }).localStorage = {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
    };
    const i18n = initI18n({ lng: 'ua' });
    assert.equal(i18n.language, 'uk');
    // A switch resolves once the language's catalogues are loaded (they are fetched on demand).
    await setLanguage('ru');
    assert.equal(i18n.language, 'ru');
    assert.equal(i18n.t('common:cancel'), 'Отмена');
    assert.equal(store.has(LANG_STORAGE_KEY), false);
    await setLanguage('ua', { persist: true });
    assert.equal(i18n.language, 'uk');
    assert.equal(store.get(LANG_STORAGE_KEY), 'uk');
    await setLanguage('xx');
    assert.equal(i18n.language, 'uk', 'an unknown language is ignored');
  });

  it('only en is built in; ru and uk are loaded on demand (issue 8 §5 first load)', async () => {
    const i18n = initI18n();
    assert.equal(i18n.hasResourceBundle('en', 'codes'), true);
    await loadLanguage('uk');
    assert.equal(i18n.hasResourceBundle('uk', 'codes'), true);
  });

  it('server texts of §8 are translated when known and shown as they are otherwise', async () => {
    const i18n = initI18n();
    await loadLanguage('uk');
    void i18n.changeLanguage('en');
    assert.equal(translateServerMessage('Login blocked'), 'Login blocked');
    assert.equal(translateServerMessage('Something only the server says'), 'Something only the server says');
    void i18n.changeLanguage('uk');
    assert.notEqual(translateServerMessage('The requested resource was not found'), 'The requested resource was not found');
    assert.notEqual(translateServerMessage('No connection to server!'), 'No connection to server!');
  });
});
