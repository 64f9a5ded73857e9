import { clientRoutes } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

const fieldMessages = (body: { errors?: { field: string; message: string }[] }) => Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));

describe('employees: register, edit, delete, roles and rights (§7 Users, §5 Employee, §6)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('usacme');
  });
  afterAll(() => t.close());

  it('§5: name, surname and e-mail required; e-mail valid; password over 6 and confirmed; tax id 10 digits; phone format; max 20; illegal symbols', async () => {
    const r = await t.call(peopleRoutes.userRegister, {
      token: acme.adminToken,
      body: { firstName: '', email: 'not-an-email', password: 'short', confirmPassword: 'short', inn: '123', phone: 'call me', middleName: 'x'.repeat(21) },
    });
    assert.equal(r.status, 400);
    const m = fieldMessages(r.body);
    assert.equal(m.firstName, 'Field is required');
    assert.equal(m.lastName, 'Field is required');
    assert.equal(m.email, 'Invalid e-mail');
    assert.equal(m.password, 'Password must be longer than 6 symbols');
    assert.equal(m.inn, 'Tax id must be 10 digits');
    assert.equal(m.phone, 'Invalid phone format');
    assert.equal(m.middleName, 'Max 20 symbols');
    const bad = await t.call(peopleRoutes.userRegister, { token: acme.adminToken, body: { firstName: 'Bob<script>', lastName: 'X', email: 'b@usacme.test' } });
    assert.equal(fieldMessages(bad.body).firstName, 'Illegal symbols');
    const mismatch = await t.call(peopleRoutes.userRegister, {
      token: acme.adminToken,
      body: { firstName: 'Bob', lastName: 'Smith', email: 'bob@usacme.test', password: 'longenough', confirmPassword: 'different' },
    });
    assert.equal(fieldMessages(mismatch.body).confirmPassword, 'Passwords must match');
    // §5 'password over 6 and confirmed': creating an employee needs both.
    const noPassword = await t.call(peopleRoutes.userRegister, {
      token: acme.adminToken,
      body: { firstName: 'Bob', lastName: 'Smith', email: 'bob@usacme.test' },
    });
    assert.equal(noPassword.status, 400);
    assert.equal(fieldMessages(noPassword.body).password, 'Field is required');
    const unconfirmed = await t.call(peopleRoutes.userRegister, {
      token: acme.adminToken,
      body: { firstName: 'Bob', lastName: 'Smith', email: 'bob@usacme.test', password: 'longenough' },
    });
    assert.equal(unconfirmed.status, 400);
    assert.equal(fieldMessages(unconfirmed.body).confirmPassword, 'Passwords must match');
    // Nothing was stored by the failed attempts.
    const list = await t.call(peopleRoutes.userFilter, { token: acme.adminToken, params: { workspace: 'usacme' }, body: { data: { search: 'bob' } } });
    assert.equal(list.body.result.total, 0);
  });

  it('e-mail and login are unique within the client (case-insensitive), but may repeat in another client', async () => {
    await t.makeEmployee(acme.adminToken, 'dup@usacme.test', { login: 'dupe' });
    const pw = { password: 'secret123', confirmPassword: 'secret123' };
    const again = await t.call(peopleRoutes.userRegister, { token: acme.adminToken, body: { firstName: 'A', lastName: 'B', email: 'DUP@usacme.test', ...pw } });
    assert.equal(again.status, 409);
    assert.equal(fieldMessages(again.body).email, 'This e-mail is already taken');
    const login = await t.call(peopleRoutes.userRegister, {
      token: acme.adminToken,
      body: { firstName: 'A', lastName: 'B', email: 'other@usacme.test', login: 'DUPE', ...pw },
    });
    assert.equal(login.status, 409);
    assert.equal(fieldMessages(login.body).login, 'This login is already taken');
    const other = await t.makeClient('usotherco');
    const ok = await t.call(peopleRoutes.userRegister, { token: other.adminToken, body: { firstName: 'A', lastName: 'B', email: 'dup@usacme.test', ...pw } });
    assert.equal(ok.status, 200);
  });

  it('new employees get the client initial rights; an admin changes them for new employees', async () => {
    const c = await t.call(clientRoutes.clientUpdate, {
      token: acme.adminToken,
      params: { id: acme.client._id },
      body: { settings: { initialRights: ['wall', 'address'] } },
    });
    assert.equal(c.status, 200);
    assert.deepEqual(c.body.result.settings.initialRights, ['wall', 'address']);
    const e = await t.makeEmployee(acme.adminToken, 'rights@usacme.test');
    assert.deepEqual([...e.user.roles].sort(), ['address', 'employee', 'wall']);
  });

  it('employees may only edit their own profile with profile_edit; admins edit anyone of their client', async () => {
    const e = await t.makeEmployee(acme.adminToken, 'editor@usacme.test');
    const noRight = await t.call(peopleRoutes.userUpdate, { token: e.token, params: { id: e.user._id }, body: { position: 'Boss' } });
    assert.equal(noRight.status, 403);
    await t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: e.user._id, role: 'profile_edit' } });
    const own = await t.call(peopleRoutes.userUpdate, { token: e.token, params: { id: e.user._id }, body: { position: 'Engineer', about: 'Hi' } });
    assert.equal(own.status, 200);
    assert.equal(own.body.result.position, 'Engineer');
    const other = await t.call(peopleRoutes.userUpdate, { token: e.token, params: { id: acme.admin._id }, body: { position: 'Hacked' } });
    assert.equal(other.status, 403);
    const byAdmin = await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: e.user._id }, body: { city: 'Kyiv' } });
    assert.equal(byAdmin.body.result.city, 'Kyiv');
    const taken = await t.call(peopleRoutes.userUpdate, { token: acme.adminToken, params: { id: e.user._id }, body: { email: 'admin@usacme.test' } });
    assert.equal(taken.status, 409);
  });

  it('an administrator and oneself cannot be deleted; a deleted employee can be restored', async () => {
    const self = await t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: acme.admin._id } });
    assert.equal(self.status, 403);
    assert.equal(self.body.message, 'You cannot delete yourself');
    const admin2 = await t.makeEmployee(acme.adminToken, 'admin2@usacme.test', { roles: ['admin'] });
    const adm = await t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: admin2.user._id } });
    assert.equal(adm.status, 403);
    assert.equal(adm.body.message, 'Administrator cannot be deleted');
    const e = await t.makeEmployee(acme.adminToken, 'temp@usacme.test');
    const del = await t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: e.user._id } });
    assert.equal(del.body.result.deletion_mark, true);
    const deleted = await t.call(peopleRoutes.userFilter, { token: acme.adminToken, params: { workspace: 'usacme' }, body: { data: { deleted: true } } });
    assert.ok(deleted.body.result.users.some((u: { _id: string }) => u._id === e.user._id));
    const undel = await t.call(peopleRoutes.userUndelete, { token: acme.adminToken, params: { id: e.user._id } });
    assert.equal(undel.body.result.deletion_mark, false);
    // Deleting ended the employee's sessions; after restoring they sign in again and still may not delete others.
    const again = await t.login('temp@usacme.test', 'employee1');
    assert.equal((await t.call(peopleRoutes.userDelete, { token: again.token, params: { id: acme.admin._id } })).status, 403);
  });

  it('own role cannot be changed; roles are added to and removed from one user', async () => {
    const own = await t.call(peopleRoutes.roleRemove, { token: acme.adminToken, params: { userId: acme.admin._id, role: 'admin' } });
    assert.equal(own.status, 403);
    assert.equal(own.body.message, 'You cannot change your own role');
    const e = await t.makeEmployee(acme.adminToken, 'roles@usacme.test');
    const add = await t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: e.user._id, role: 'shop' } });
    assert.ok(add.body.result.roles.includes('shop'));
    const rm = await t.call(peopleRoutes.roleRemove, { token: acme.adminToken, params: { userId: e.user._id, role: 'shop' } });
    assert.ok(!rm.body.result.roles.includes('shop'));
    const bogus = await t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: e.user._id, role: 'superadmin' } });
    assert.equal(bogus.status, 400);
  });

  it('a role for all users of a client: added to everyone but the caller, removal skips deleted users', async () => {
    const co = await t.makeClient('rolesco');
    const a = await t.makeEmployee(co.adminToken, 'a@rolesco.test');
    const b = await t.makeEmployee(co.adminToken, 'b@rolesco.test');
    const add = await t.call(peopleRoutes.roleAddAll, { token: co.adminToken, params: { clientId: co.client._id, role: 'lms' } });
    assert.equal(add.status, 200);
    await t.call(peopleRoutes.userDelete, { token: co.adminToken, params: { id: b.user._id } });
    const rm = await t.call(peopleRoutes.roleRemoveAll, { token: co.adminToken, params: { clientId: co.client._id, role: 'lms' } });
    assert.equal(rm.body.result.updated, 1);
    const ua = await t.call(peopleRoutes.userGet, { token: co.adminToken, params: { id: a.user._id } });
    const ub = await t.call(peopleRoutes.userGet, { token: co.adminToken, params: { id: b.user._id } });
    assert.ok(!ua.body.result.roles.includes('lms'));
    assert.ok(ub.body.result.roles.includes('lms'), 'the deleted user keeps it');
    const foreign = await t.call(peopleRoutes.roleAddAll, { token: co.adminToken, params: { clientId: acme.client._id, role: 'lms' } });
    assert.equal(foreign.status, 404);
  });

  it('feature rights gate routes: employees cannot call admin routes', async () => {
    const e = await t.makeEmployee(acme.adminToken, 'plain@usacme.test');
    const r = await t.call(peopleRoutes.userRegister, { token: e.token, body: { firstName: 'X', lastName: 'Y', email: 'x@usacme.test' } });
    assert.equal(r.status, 403);
    assert.equal(r.body.message, 'No access');
    assert.equal((await t.call(clientRoutes.clientList, { token: acme.adminToken })).status, 403);
  });

  it('§6 address right: listing, searching and reading others need it; oneself always; admins always', async () => {
    const co = await t.makeClient('addrco');
    const a = await t.makeEmployee(co.adminToken, 'a@addrco.test');
    const b = await t.makeEmployee(co.adminToken, 'b@addrco.test');
    const list = (token: string) => t.call(peopleRoutes.userFilter, { token, params: { workspace: 'addrco' }, body: { data: {} } });
    assert.equal((await list(a.token)).status, 200, 'new employees get address among the initial rights');
    await t.call(peopleRoutes.roleRemove, { token: co.adminToken, params: { userId: a.user._id, role: 'address' } });
    const a2 = await t.login('a@addrco.test', 'employee1');
    const refused = await list(a2.token);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, 'No access');
    assert.equal((await t.call(peopleRoutes.userForClient, { token: a2.token, params: { clientId: co.client._id } })).status, 403);
    assert.equal((await t.call(peopleRoutes.userGet, { token: a2.token, params: { id: b.user._id } })).status, 403);
    const own = await t.call(peopleRoutes.userGet, { token: a2.token, params: { id: a.user._id } });
    assert.equal(own.status, 200);
    assert.equal(own.body.result.email, 'a@addrco.test');
    // With the right: others are readable; admins need no explicit right.
    assert.equal((await t.call(peopleRoutes.userGet, { token: b.token, params: { id: a.user._id } })).status, 200);
    const stripped = await t.call(peopleRoutes.roleRemove, { token: co.superToken, params: { userId: co.admin._id, role: 'address' } });
    assert.ok(!stripped.body.result.roles.includes('address'));
    assert.equal((await list(co.adminToken)).status, 200);
    assert.equal((await t.call(peopleRoutes.userForClient, { token: co.adminToken, params: { clientId: co.client._id } })).status, 200);
    assert.equal((await t.call(peopleRoutes.userGet, { token: co.adminToken, params: { id: b.user._id } })).status, 200);
  });

  it('the head role (department head) can be granted and removed like the others', async () => {
    const e = await t.makeEmployee(acme.adminToken, 'head@usacme.test');
    const add = await t.call(peopleRoutes.roleAdd, { token: acme.adminToken, params: { userId: e.user._id, role: 'head' } });
    assert.equal(add.status, 200);
    assert.ok(add.body.result.roles.includes('head'));
    const rm = await t.call(peopleRoutes.roleRemove, { token: acme.adminToken, params: { userId: e.user._id, role: 'head' } });
    assert.ok(!rm.body.result.roles.includes('head'));
  });

  it('filter: search across name, position, department, city, e-mail; paging and sorting', async () => {
    const co = await t.makeClient('searchco');
    const rows = ['firstName,lastName,email,position,department,city'];
    for (let i = 0; i < 45; i++)
      rows.push(
        `Name${String.fromCharCode(65 + (i % 26))},Surname${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))},p${i}@searchco.test,${i % 3 ? 'Engineer' : 'Designer'},${i % 2 ? 'R and D' : 'Sales'},${i % 5 ? 'Kyiv' : 'Lviv'}`,
      );
    const imp = await t.call(peopleRoutes.userRegisterMany, { token: co.adminToken, body: { csv: rows.join('\n') } });
    assert.equal(imp.body.result.imported, 45, JSON.stringify(imp.body).slice(0, 500));
    const sortedPage = (page: number) =>
      t.call(peopleRoutes.userFilter, { token: co.adminToken, params: { workspace: 'searchco' }, body: { data: { page, limit: 20, sort: 'lastName' } } });
    const page1 = await sortedPage(1);
    assert.equal(page1.body.result.total, 46);
    assert.equal(page1.body.result.users.length, 20);
    const page3 = await sortedPage(3);
    assert.equal(page3.body.result.users.length, 6);
    assert.equal(page3.body.result.total, 46);
    // A page past the end has no rows but still the total.
    const page9 = await sortedPage(9);
    assert.equal(page9.body.result.users.length, 0);
    assert.equal(page9.body.result.total, 46);
    assert.ok(!('total' in page1.body.result.users[0]), 'the window count stays out of the user rows');
    const designers = await t.call(peopleRoutes.userFilter, {
      token: co.adminToken,
      params: { workspace: 'searchco' },
      body: { data: { search: 'designer lviv' } },
    });
    assert.equal(designers.body.result.total, 3);
    const byMail = await t.call(peopleRoutes.userFilter, { token: co.adminToken, params: { workspace: 'searchco' }, body: { data: { search: 'p7@' } } });
    assert.equal(byMail.body.result.total, 1);
    const desc = await t.call(peopleRoutes.userFilter, {
      token: co.adminToken,
      params: { workspace: 'searchco' },
      body: { data: { sort: 'lastName', order: 'desc', limit: 1 } },
    });
    assert.equal(desc.body.result.users[0].lastName, 'SurnameBS');
    const wrongWs = await t.call(peopleRoutes.userFilter, { token: co.adminToken, params: { workspace: 'usacme' }, body: { data: {} } });
    assert.equal(wrongWs.status, 404);
  });
});

describe('CSV import (POST api/register_many)', () => {
  let t: TestPortal;
  let co: Awaited<ReturnType<TestPortal['makeClient']>>;
  beforeAll(async () => {
    t = await sharedPortal();
    co = await t.makeClient('importco');
  });
  afterAll(() => t.close());

  it('imports the good rows in one go and reports each bad row with its reasons', async () => {
    await t.makeEmployee(co.adminToken, 'existing@importco.test');
    const csv = [
      'firstName,lastName,email,login,password,phone,inn',
      'Anna,Ivanova,anna@importco.test,anna,secret123,+380 501234567,1234567890',
      ',NoName,noname@importco.test,,,,',
      'Petro,Petrenko,existing@importco.test,,,,',
      'Olga,Shevchenko,olga@importco.test,,,,12345',
      'Ivan,Franko,ivan@importco.test,,,,',
      'Ivan,Duplicate,IVAN@importco.test,,,,',
    ].join('\n');
    const r = await t.call(peopleRoutes.userRegisterMany, { token: co.adminToken, body: { csv } });
    assert.equal(r.status, 200);
    const { imported, failed, rows } = r.body.result;
    assert.equal(imported, 2);
    assert.equal(failed, 4);
    const byRow = Object.fromEntries(rows.map((x: { row: number }) => [x.row, x]));
    assert.equal(byRow[2].ok, true);
    assert.equal(byRow[3].errors[0].field, 'firstName');
    assert.equal(byRow[3].errors[0].message, 'Field is required');
    assert.equal(byRow[4].errors[0].message, 'This e-mail is already taken');
    assert.equal(byRow[5].errors[0].message, 'Tax id must be 10 digits');
    assert.equal(byRow[6].ok, true);
    assert.equal(byRow[7].errors[0].message, 'This e-mail is already taken');
    // The imported password works; imported employees get the initial rights.
    const s = await t.login('anna', 'secret123');
    assert.ok(s.user.roles.includes('wall'));
    // A row without a password is imported without a usable one (marked in the report): no password signs in
    // until the employee sets one through 'Forgot password'.
    assert.equal(byRow[2].noPassword, undefined);
    assert.equal(byRow[6].noPassword, true);
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'ivan@importco.test', password: 'anything1' } })).status, 401);
    assert.equal((await t.call(peopleRoutes.authForgot, { body: { email: 'ivan@importco.test' } })).status, 200);
  });

  it('refuses a file without a header row and changes nothing', async () => {
    const r = await t.call(peopleRoutes.userRegisterMany, { token: co.adminToken, body: { csv: 'Anna,Ivanova,anna2@importco.test' } });
    assert.equal(r.status, 400);
    const list = await t.call(peopleRoutes.userFilter, { token: co.adminToken, params: { workspace: 'importco' }, body: { data: { search: 'anna2' } } });
    assert.equal(list.body.result.total, 0);
  });
});
