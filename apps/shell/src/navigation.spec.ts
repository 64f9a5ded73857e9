import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  isPublicPath,
  LOGIN_PATH,
  PUBLIC_ROUTES,
  ROLE_FALLBACK_PATH,
  ROLE_ROUTES,
  roleAllows,
  sessionEndedRedirect,
  shouldRememberPath,
} from './navigation.ts';

const user = { isAdmin: false, isSuperadmin: false };
const admin = { isAdmin: true, isSuperadmin: false };
const superadmin = { isAdmin: true, isSuperadmin: true };

describe('§2 public routes', () => {
  it('are exactly /login/, /login_new/, /authorize, /register/, /forgot-password/, /reset-password/{token}', () => {
    assert.deepEqual(Object.values(PUBLIC_ROUTES).sort(), ['/authorize', '/forgot-password', '/login', '/login_new', '/register', '/reset-password/:token']);
  });

  it('match with or without the trailing slash the spec writes', () => {
    for (const p of [
      '/login',
      '/login/',
      '/login_new/',
      '/authorize',
      '/register/',
      '/forgot-password/',
      '/reset-password/abc123',
      '/reset-password/abc123/',
    ]) {
      assert.equal(isPublicPath(p), true, p);
    }
  });

  it('do not match guarded pages, prefixes or a reset link without its token', () => {
    for (const p of [
      '/',
      '/company',
      '/profile/u1',
      '/clients',
      '/employees/',
      '/loginx',
      '/login/extra',
      '/reset-password',
      '/reset-password/',
      '/reset-password/a/b',
      '/404',
    ]) {
      assert.equal(isPublicPath(p), false, p);
    }
  });
});

describe('§2 remembered path (used after sign-in)', () => {
  it('remembers guarded pages', () => {
    assert.equal(shouldRememberPath('/company'), true);
    assert.equal(shouldRememberPath('/profile/5f0c'), true);
    assert.equal(shouldRememberPath('/articles/parent-1'), true);
  });

  it('never remembers the root or a public route', () => {
    assert.equal(shouldRememberPath('/'), false);
    for (const p of ['/login', '/login/', '/login_new/', '/authorize', '/register/', '/forgot-password/', '/reset-password/tok123']) {
      assert.equal(shouldRememberPath(p), false, p);
    }
  });
});

describe('§2/§8 where an ended session (401, 403 Login blocked) leads', () => {
  it('guarded pages go to /login', () => {
    assert.equal(LOGIN_PATH, '/login');
    assert.equal(sessionEndedRedirect('/company'), '/login');
    assert.equal(sessionEndedRedirect('/clients'), '/login');
    assert.equal(sessionEndedRedirect('/'), '/login');
  });

  it('reset-password is exempt from the login redirect, and the workspace sign-in page stays too', () => {
    assert.equal(sessionEndedRedirect('/reset-password/0123456789abcdef'), null);
    assert.equal(sessionEndedRedirect('/login_new/'), null);
    assert.equal(sessionEndedRedirect('/forgot-password/'), null);
  });
});

describe('§2 role routes', () => {
  it('/clients and /app are for the superadmin, /employees (and /admin) for admins', () => {
    assert.deepEqual(ROLE_ROUTES, { employees: 'admin', clients: 'superadmin', app: 'superadmin', admin: 'admin' });
  });

  it('the superadmin-only routes refuse admins and users', () => {
    assert.equal(roleAllows(ROLE_ROUTES.clients, superadmin), true);
    assert.equal(roleAllows(ROLE_ROUTES.clients, admin), false);
    assert.equal(roleAllows(ROLE_ROUTES.clients, user), false);
    assert.equal(roleAllows(ROLE_ROUTES.app, admin), false);
  });

  it('the admin-only routes admit admins and the superadmin, refuse users', () => {
    assert.equal(roleAllows(ROLE_ROUTES.employees, admin), true);
    assert.equal(roleAllows(ROLE_ROUTES.employees, superadmin), true);
    assert.equal(roleAllows(ROLE_ROUTES.employees, { isAdmin: false, isSuperadmin: true }), true);
    assert.equal(roleAllows(ROLE_ROUTES.employees, user), false);
  });

  it('others go to the wall', () => {
    assert.equal(ROLE_FALLBACK_PATH, '/company');
  });
});
