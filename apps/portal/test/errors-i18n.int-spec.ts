import { peopleRoutes } from '@intranet/people-contract';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { eventually } from '@intranet/platform-testing';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

/** The newest outbox mail to `to` (text copy). */
/** The last mail to `to`; reset mails go out after the answer (issue 38 §3), so it waits for one. */
async function mailTo(t: TestPortal, to: string): Promise<string> {
  const dir = join(t.dataDir, 'outbox');
  return eventually(async () => {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.txt')).sort();
    const mails = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
    return mails.filter((m) => m.startsWith(`To: ${to}\n`)).at(-1);
  });
}

describe('issue 8: coded errors, languages and the reset link (§5, §7, §8)', () => {
  let t: TestPortal;
  let uk: Awaited<ReturnType<TestPortal['makeClient']>>;
  beforeAll(async () => {
    t = await testPortal();
    uk = await t.makeClient('ukco', { lang: 'uk' });
  });
  afterAll(() => t.close());

  it('validation field errors reach the web as { field, code, params?, message }', async () => {
    const r = await t.call(peopleRoutes.userRegister, {
      token: uk.adminToken,
      body: { firstName: 'x'.repeat(21), lastName: '', email: 'nope', password: 'p', confirmPassword: 'p' },
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'validation');
    const by = Object.fromEntries(r.body.errors.map((e: { field: string }) => [e.field, e]));
    assert.deepEqual(by.firstName, { field: 'firstName', code: 'tooLong', params: { max: 20 }, message: 'Max 20 symbols' });
    assert.equal(by.lastName.code, 'required');
    assert.equal(by.email.code, 'email');
    assert.equal(by.password.code, 'passwordShort');
  });

  it('business errors carry their own code; the §8 message stays as the fallback', async () => {
    const r = await t.call(peopleRoutes.roleAdd, { token: uk.adminToken, params: { userId: uk.admin._id, role: 'shop' } });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, { name: 'forbidden', code: 'cannotChangeOwnRole', message: 'You cannot change your own role' });
    const dup = await t.call(peopleRoutes.userRegister, {
      token: uk.adminToken,
      body: { firstName: 'Ada', lastName: 'Again', email: 'admin@ukco.test', password: 'secret123', confirmPassword: 'secret123' },
    });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.errors[0].code, 'emailTaken');
  });

  it("a client's language is the default of users created or imported in it", async () => {
    const e = await t.makeEmployee(uk.adminToken, 'olena@ukco.test');
    assert.equal(e.user.lang, 'uk');
    const imp = await t.call(peopleRoutes.userRegisterMany, {
      token: uk.adminToken,
      body: { csv: 'firstName,lastName,email\nTaras,Shevchenko,taras@ukco.test\nAnna,Lee,anna@ukco.test,,\n' },
    });
    assert.equal(imp.status, 200);
    assert.equal(imp.body.result.imported, 2);
    const id = imp.body.result.rows[0]._id;
    const u = await t.call(peopleRoutes.userGet, { token: uk.adminToken, params: { id } });
    assert.equal(u.body.result.lang, 'uk');
    // An explicit column still wins.
    const en = await t.call(peopleRoutes.userRegisterMany, {
      token: uk.adminToken,
      body: { csv: 'firstName,lastName,email,lang\nJohn,Smith,john@ukco.test,en\n' },
    });
    const john = await t.call(peopleRoutes.userGet, { token: uk.adminToken, params: { id: en.body.result.rows[0]._id } });
    assert.equal(john.body.result.lang, 'en');
  });

  it('switching language saves it to the profile without profile_edit, and it holds on the next sign-in', async () => {
    const e = await t.makeEmployee(uk.adminToken, 'ivan@ukco.test');
    await t.call(peopleRoutes.roleRemove, { token: uk.adminToken, params: { userId: e.user._id, role: 'profile_edit' } });
    const again = await t.login('ivan@ukco.test', 'employee1');
    const denied = await t.call(peopleRoutes.userUpdate, { token: again.token, params: { id: e.user._id }, body: { position: 'Boss' } });
    assert.equal(denied.status, 403);
    const ok = await t.call(peopleRoutes.userUpdate, { token: again.token, params: { id: e.user._id }, body: { lang: 'ru' } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal((await t.login('ivan@ukco.test', 'employee1')).user.lang, 'ru');
  });

  it('forgot password answers the same for a known and an unknown e-mail; the mail is in the user language', async () => {
    await t.makeEmployee(uk.adminToken, 'mykola@ukco.test');
    const known = await t.call(peopleRoutes.authForgot, { body: { email: 'mykola@ukco.test' } });
    const unknown = await t.call(peopleRoutes.authForgot, { body: { email: 'ghost@ukco.test' } });
    const badWs = await t.call(peopleRoutes.authForgot, { body: { email: 'mykola@ukco.test', workspace: 'nosuchws' } });
    for (const r of [unknown, badWs]) {
      assert.equal(r.status, known.status);
      assert.deepEqual(r.body, known.body);
    }
    const mail = await mailTo(t, 'mykola@ukco.test');
    assert.match(mail, /Subject: Відновлення пароля/);
    assert.match(mail, /Вітаємо, Emil!/);
  });

  it('GET /api/reset_password/{token} tells the reset page whether its link is still usable', async () => {
    await t.makeEmployee(uk.adminToken, 'petro@ukco.test');
    await t.call(peopleRoutes.authForgot, { body: { email: 'petro@ukco.test' } });
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(await mailTo(t, 'petro@ukco.test'))![1];
    const fresh = await t.call(peopleRoutes.authResetCheck, { params: { token } });
    assert.equal(fresh.status, 200);
    assert.deepEqual(fresh.body, { result: { valid: true } });
    assert.equal((await t.call(peopleRoutes.authReset, { params: { token }, body: { password: 'newpass12', confirmPassword: 'newpass12' } })).status, 200);
    const used = await t.call(peopleRoutes.authResetCheck, { params: { token } });
    assert.equal(used.status, 400);
    assert.equal(used.body.code, 'resetLinkInvalid');
    assert.equal(used.body.message, 'The link is invalid or expired');
    const garbage = await t.call(peopleRoutes.authResetCheck, { params: { token: 'x'.repeat(40) } });
    assert.equal(garbage.status, 400);
    assert.equal(garbage.body.code, 'resetLinkInvalid');
  });
});
