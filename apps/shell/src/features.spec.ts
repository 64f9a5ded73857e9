import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { featureOfScreen, screenSwitchedOff } from './features.ts';
import { MENU } from './menu.ts';

describe('screens of a switched-off client feature (§6)', () => {
  const off = (feature: string) => [{ feature, active: false }];

  it('knowledge base and vacancy screens (lists and single pages) belong to their features', () => {
    for (const p of ['articles', 'articles/:parent', 'article/:id', '/article/abc']) assert.equal(featureOfScreen(p), 'knowledge_base', p);
    for (const p of ['vacancies', 'vacancy/:id']) assert.equal(featureOfScreen(p), 'vacancies', p);
    for (const p of ['profile/:id', 'employees/*', 'admin', 'clients', 'notifications']) assert.equal(featureOfScreen(p), null, p);
  });

  it('every menu item with a feature has its screen in the table (the menu and the direct URL agree)', () => {
    for (const m of MENU.filter((x) => x.feature)) assert.equal(featureOfScreen(m.path), m.feature, m.path);
  });

  it('closed only when the feature is switched off, and never for the superadmin', () => {
    assert.equal(screenSwitchedOff('article/:id', { isSuperadmin: false, features: off('knowledge_base') }), true);
    assert.equal(screenSwitchedOff('vacancies', { isSuperadmin: false, features: off('knowledge_base') }), false);
    assert.equal(screenSwitchedOff('article/:id', { isSuperadmin: true, features: off('knowledge_base') }), false);
    assert.equal(screenSwitchedOff('article/:id', { isSuperadmin: false, features: [{ feature: 'knowledge_base', active: true }] }), false);
    assert.equal(screenSwitchedOff('article/:id', { isSuperadmin: false, features: [] }), false);
  });
});
