import assert from 'node:assert/strict';
import { beforeAll, describe, it } from '@jest/globals';
import { KB_TEXT } from '@intranet/kb-contract';
import { PEOPLE_TEXT } from '@intranet/people-contract';
import { codeOf, ERROR_STATUS, KNOWN_CODES, MESSAGES } from '@intranet/platform-errors';
import { formatBytes, V } from '@intranet/platform-contracts';
import { SOCIAL_TEXT } from '@intranet/social-contract';
import { UPLOAD_TEXT } from '@intranet/files-contract';
import { ApiError, errorFromResponse } from '@intranet/web-api';
import codesEn from '../locales/en/codes.json' with { type: 'json' };
import codesRu from '../locales/ru/codes.json' with { type: 'json' };
import codesUk from '../locales/uk/codes.json' with { type: 'json' };
import { CodedFailure, errorText, formatDate, formatSize, i18n, initI18n, LANGUAGES, loadLanguage } from './index.ts';

const catalogues = { en: codesEn as Record<string, string>, ru: codesRu as Record<string, string>, uk: codesUk as Record<string, string> };
const has = (cat: Record<string, string>, code: string) => code in cat || `${code}_one` in cat;

/** Every text a server raises, as the domain contracts and platform-errors define them. */
function serverTexts(): string[] {
  const out: string[] = [];
  const add = (o: Record<string, unknown>) => {
    for (const v of Object.values(o)) {
      if (typeof v === 'string') out.push(v);
      else if (typeof v === 'function') out.push(String((v as (x: unknown) => string)(1)));
    }
  };
  add(MESSAGES);
  add({ ...V, max: V.max(100), min: V.min(3) });
  add(PEOPLE_TEXT);
  add(KB_TEXT);
  add({ ...SOCIAL_TEXT, filesAbove: SOCIAL_TEXT.filesAbove(formatBytes(1024)), likeTypeMismatch: SOCIAL_TEXT.likeTypeMismatch('comment') });
  add({ ...UPLOAD_TEXT, filesAbove: UPLOAD_TEXT.filesAbove('1 KB'), noSuchBucket: UPLOAD_TEXT.noSuchBucket('x') });
  return out;
}

describe('§8 error codes are worded in ru, uk and en', () => {
  it('every text a server raises has a stable code', () => {
    for (const text of serverTexts()) assert.ok(codeOf(text), `no code for server text: ${text}`);
  });

  it('every known code, HTTP kind and field code has a wording in every language', () => {
    const fieldCodes = [
      'required',
      'email',
      'url',
      'alphanumeric',
      'tooLong',
      'tooShort',
      'tooBig',
      'tooSmall',
      'invalidDate',
      'invalidId',
      'invalidFormat',
      'invalidOption',
      'invalidValue',
      'network',
      'csvQuotes',
      'csvColumns',
    ];
    for (const [lang, cat] of Object.entries(catalogues)) {
      for (const code of [...KNOWN_CODES, ...Object.keys(ERROR_STATUS), ...fieldCodes]) assert.ok(has(cat, code), `${lang}: no wording for ${code}`);
    }
  });

  it('ru and uk have their plural forms wherever en counts', () => {
    for (const key of Object.keys(codesEn).filter((k) => k.endsWith('_one'))) {
      const base = key.slice(0, -4);
      for (const [lang, cat] of [
        ['ru', catalogues.ru],
        ['uk', catalogues.uk],
      ] as const) {
        for (const form of ['one', 'few', 'many']) assert.ok(`${base}_${form}` in cat, `${lang}: ${base}_${form}`);
      }
    }
  });
});

describe('errorText words codes with params in the user language', () => {
  const store = new Map<string, string>();
  (globalThis as unknown as { localStorage: Pick<Storage, 'getItem' | 'setItem'> }).localStorage = {
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => void store.set(k, v),
  };
  initI18n({ lng: 'ru' });
  const t = i18n.t.bind(i18n);
  // ru and uk are fetched on demand (only en is built in).
  beforeAll(() => Promise.all(LANGUAGES.map((l) => loadLanguage(l))));

  it('ru: tooLong with plural forms, unknown code falls back to the message', async () => {
    await i18n.changeLanguage('ru');
    assert.equal(errorText(t, { code: 'tooLong', params: { max: 100 }, message: 'Max 100 symbols' }), 'Максимум 100 символов');
    assert.equal(errorText(t, { code: 'tooLong', params: { max: 21 }, message: 'Max 21 symbols' }), 'Максимум 21 символ');
    assert.equal(errorText(t, { code: 'tooLong', params: { max: 22 } }), 'Максимум 22 символа');
    assert.equal(errorText(t, { code: 'somethingNew', message: 'Something only the server says' }), 'Something only the server says');
    assert.equal(errorText(t, { code: 'storageLimit', params: { size: '1 GB', available: '0 B' } }), 'Достигнут лимит хранилища (1 ГБ)! Доступно 0 Б');
  });

  it('uk and en', async () => {
    await i18n.changeLanguage('uk');
    assert.equal(errorText(t, { code: 'cannotBlockSelf', message: 'You cannot block yourself' }), 'Не можна заблокувати самого себе');
    await i18n.changeLanguage('en');
    assert.equal(errorText(t, { code: 'tooShort', params: { min: 1 } }), 'Min 1 symbol');
  });

  it('an ApiError: a validation error reads as its first field; no English server sentence on a ru page', async () => {
    await i18n.changeLanguage('ru');
    const v = errorFromResponse(400, {
      name: 'validation',
      code: 'validation',
      message: 'Max 50 symbols',
      errors: [{ field: 'name', code: 'tooLong', params: { max: 50 }, message: 'Max 50 symbols' }],
    });
    assert.equal(errorText(v), 'Максимум 50 символов');
    const f = errorFromResponse(403, { name: 'forbidden', code: 'cannotChangeOwnRole', message: 'You cannot change your own role' });
    assert.equal(errorText(f), 'Нельзя изменить собственную роль');
    assert.equal(errorText(new ApiError({ status: 500, code: 'internal', message: 'Server error' })), 'Ошибка сервера');
  });

  it("sizes are worded in the user's locale: a web-made filesAbove (bytes) and the server's English size text", async () => {
    await i18n.changeLanguage('en');
    assert.equal(errorText(new CodedFailure('filesAbove', { size: 20 * 1024 * 1024 })), 'Files above 20 MB cannot be attached');
    assert.equal(formatSize(1536), '1.5 KB');
    await i18n.changeLanguage('ru');
    assert.equal(errorText(new CodedFailure('filesAbove', { size: 20 * 1024 * 1024 })), 'Файлы больше 20 МБ прикрепить нельзя');
    assert.equal(errorText(t, { code: 'storageLimit', params: { size: '1.5 GB', available: '0 B' } }), 'Достигнут лимит хранилища (1,5 ГБ)! Доступно 0 Б');
    await i18n.changeLanguage('uk');
    assert.equal(errorText(new CodedFailure('filesAbove', { size: 250 * 1024 * 1024 })), 'Файли понад 250 МБ прикріпити не можна');
    // An unknown code with an English fallback shows the fallback; without one, the generic wording.
    await i18n.changeLanguage('en');
    assert.equal(errorText(new CodedFailure('somethingNew', undefined, 'Something only the server says')), 'Something only the server says');
    assert.equal(errorText(new CodedFailure('somethingNew')), 'An error occured');
  });

  it('dates follow the interface language', async () => {
    await i18n.changeLanguage('ru');
    assert.match(formatDate('2026-11-21', { day: 'numeric', month: 'long', year: 'numeric' }), /ноября/);
    await i18n.changeLanguage('uk');
    assert.match(formatDate('2026-11-21', { day: 'numeric', month: 'long', year: 'numeric' }), /листопада/);
    await i18n.changeLanguage('en');
    assert.match(formatDate('2026-11-21', { day: 'numeric', month: 'long', year: 'numeric' }), /November/);
    assert.equal(formatDate('garbage'), '');
  });
});

describe('page loads: not found, no access (issue 8 §3, §4)', () => {
  it('a malformed id (400 on the id param) or a 404 is not found; 403 is no access; others are errors', async () => {
    const { pageLoadKind } = await import('./index.ts');
    assert.equal(
      pageLoadKind(errorFromResponse(400, { code: 'validation', message: 'Invalid id', errors: [{ field: 'id', code: 'invalidId', message: 'Invalid id' }] })),
      'notFound',
    );
    assert.equal(pageLoadKind(errorFromResponse(404, { code: 'not_found', message: 'The requested resource was not found' })), 'notFound');
    assert.equal(pageLoadKind(errorFromResponse(403, { code: 'no_access', message: 'No access' })), 'noAccess');
    assert.equal(pageLoadKind(errorFromResponse(403, { code: 'login_blocked', message: 'Login blocked' })), 'error');
    assert.equal(
      pageLoadKind(
        errorFromResponse(400, { code: 'validation', message: 'x', errors: [{ field: 'message', code: 'required', message: 'Field is required' }] }),
      ),
      'error',
    );
    assert.equal(pageLoadKind(errorFromResponse(500, undefined)), 'error');
  });
});
