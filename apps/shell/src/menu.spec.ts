import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { access, allows, type FeatureRight } from '@intranet/platform-contracts';
import { MENU, visibleMenu, type MenuContext } from './menu.ts';

/** A menu context as the session builds it: rights from the roles by the §6 rule (admins and superadmin have all). */
function ctx(roles: string[], features: MenuContext['features'] = [], uid: string | null = 'u-1'): MenuContext {
  return {
    uid,
    isAdmin: allows(access.admin, roles),
    isSuperadmin: roles.includes('superadmin'),
    hasRight: (r: FeatureRight) => allows(access.feature(r), roles),
    features,
  };
}
const ids = (c: MenuContext) => visibleMenu(c).map((m) => m.id);

describe('§2 menu', () => {
  it('lists the §2 menu items in their order', () => {
    assert.deepEqual(
      MENU.map((m) => m.id),
      [
        'notifications',
        'wall',
        'addressBook',
        'profile',
        'groups',
        'events',
        'knowledgeBase',
        'vacancies',
        'services',
        'polls',
        'chats',
        'structure',
        'noSilent',
        'ideas',
        'employees',
        'clients',
        'adminPanel',
        'shop',
        'taskTracker',
        'adaptation',
        'vacations',
        'learning',
        'learningAnalytics',
        'idp',
      ],
    );
  });

  it('a user without feature rights sees only the items that need none', () => {
    assert.deepEqual(ids(ctx(['user'])), ['notifications', 'profile', 'idp']);
  });

  it('a feature right shows its item, and only it', () => {
    const seen = ids(ctx(['user', 'wall', 'knowledge_base']));
    assert.deepEqual(seen, ['notifications', 'wall', 'profile', 'knowledgeBase', 'idp']);
  });

  it('an admin sees every item except clients', () => {
    const seen = ids(ctx(['admin']));
    assert.ok(!seen.includes('clients'));
    assert.deepEqual(
      seen,
      MENU.map((m) => m.id).filter((id) => id !== 'clients'),
    );
  });

  it('employees administration, admin panel and learning analytics are for admins only', () => {
    const seen = ids(ctx(['user', 'lms', 'wall']));
    assert.ok(seen.includes('learning'));
    for (const id of ['employees', 'adminPanel', 'learningAnalytics', 'clients']) assert.ok(!seen.includes(id), id);
  });

  it('the superadmin sees everything, clients included', () => {
    assert.deepEqual(
      ids(ctx(['superadmin'])),
      MENU.map((m) => m.id),
    );
  });

  it("a client feature switched off hides its items, even for the client's admin", () => {
    const seen = ids(
      ctx(
        ['admin'],
        [
          { feature: 'wall', active: false },
          { feature: 'lms', active: false },
          { feature: 'shop', active: true },
        ],
      ),
    );
    for (const id of ['wall', 'learning', 'learningAnalytics']) assert.ok(!seen.includes(id), id);
    assert.ok(seen.includes('shop'));
    assert.ok(seen.includes('employees'));
  });

  it('a feature missing from the client list does not hide its item', () => {
    assert.ok(ids(ctx(['admin'], [])).includes('idp'));
    assert.ok(!ids(ctx(['admin'], [{ feature: 'idp', active: false }])).includes('idp'));
  });

  it('switched-off client features do not hide items from the superadmin', () => {
    const seen = ids(
      ctx(
        ['superadmin'],
        [
          { feature: 'wall', active: false },
          { feature: 'chat', active: false },
        ],
      ),
    );
    assert.ok(seen.includes('wall'));
    assert.ok(seen.includes('chats'));
  });

  it("the profile item leads to the signed-in user's profile", () => {
    const profile = visibleMenu(ctx(['user'], [], 'abc-123')).find((m) => m.id === 'profile');
    assert.equal(profile?.path, '/profile/abc-123');
    assert.equal(MENU.find((m) => m.id === 'profile')?.path, '/profile/{uid}', 'the shared table is not changed');
  });

  it('routes the items to the §2 paths', () => {
    const path = (id: string) => MENU.find((m) => m.id === id)?.path;
    assert.equal(path('wall'), '/company');
    assert.equal(path('addressBook'), '/addressBook/');
    assert.equal(path('employees'), '/employees/');
    assert.equal(path('clients'), '/clients');
    assert.equal(path('structure'), '/structure_new');
    assert.equal(path('noSilent'), '/report_violation');
    assert.equal(path('taskTracker'), '/task-tracker/');
  });
});
