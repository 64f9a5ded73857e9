import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { linkInput } from '@intranet/kb-contract';
import { registerBody } from '@intranet/people-contract';
import { z } from '@intranet/platform-contracts';
import { i18n, initI18n, setLanguage } from '@intranet/web-i18n';
import { contractResolver, wordValidationMessage } from './resolver.ts';

const OPTIONS = { fields: {}, names: [], shouldUseNativeValidation: false } as never;

/** The form layer's resolver (issue 8 §5): the contract's zod schema, messages worded in the user's language. */
describe('contractResolver', () => {
  beforeAll(async () => {
    initI18n({ lng: 'ru' });
    await setLanguage('ru');
  });
  afterAll(() => setLanguage('en'));

  it('words each field error of the contract schema in the current language, keyed by field', async () => {
    const r = await contractResolver(linkInput)({ title: '', url: 'not a url' }, undefined, OPTIONS);
    const errors = r.errors as Record<string, { message: string }>;
    assert.equal(errors.title.message, 'Обязательное поле');
    assert.equal(errors.url.message, 'Неверный URL');
    assert.deepEqual(r.values, {});
  });

  it('words parameterised texts (Max N symbols) with their plural form', async () => {
    const r = await contractResolver(linkInput)({ title: 'x'.repeat(201), url: 'https://example.com/' }, undefined, OPTIONS);
    assert.equal((r.errors as Record<string, { message: string }>).title.message, 'Максимум 200 символов');
  });

  it('puts nested paths where react-hook-form reads them (admin.email)', async () => {
    const schema = z.object({ admin: registerBody });
    const r = await contractResolver(schema)(
      { admin: { firstName: 'Ada', lastName: 'L', middleName: null, email: 'bad', password: 'secret12', confirmPassword: 'other' } },
      undefined,
      OPTIONS,
    );
    const admin = (r.errors as Record<string, Record<string, { message: string }>>).admin;
    assert.equal(admin.email.message, 'Неверный e-mail');
    assert.ok(!admin.firstName, 'a valid field has no error');
  });

  it('turns a rule of the whole object into the root error', async () => {
    const schema = z.object({ a: z.string() }).refine((v) => v.a === 'ok', { message: 'Field is required' });
    const r = await contractResolver(schema)({ a: 'no' }, undefined, OPTIONS);
    assert.equal((r.errors as Record<string, { message: string }>).root.message, 'Обязательное поле');
  });

  it('returns the parsed values (trimmed) when valid', async () => {
    const r = await contractResolver(linkInput)({ title: '  Portal ', url: ' https://example.com/ ' }, undefined, OPTIONS);
    assert.deepEqual(r.errors, {});
    assert.deepEqual(r.values, { title: 'Portal', url: 'https://example.com/' });
  });

  it('leaves an unknown text as it is and follows a language switch', async () => {
    assert.equal(wordValidationMessage('Something odd'), 'Something odd');
    await setLanguage('en');
    assert.equal(wordValidationMessage('Field is required'), 'Field is required');
    assert.equal(i18n.language, 'en');
    await setLanguage('ru');
  });
});
