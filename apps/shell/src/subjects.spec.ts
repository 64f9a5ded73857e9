import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { notificationsEvents, notificationsRoutes } from '@intranet/notifications-contract';
import { NOTIFICATION_CREATED_SUBJECT, NOTIFICATION_UNREAD_PATH, NOTIFICATION_UNREAD_SUBJECT } from './subjects.ts';

describe('realtime subjects the shell writes out (issue 8 §5: no domain contract in the first load)', () => {
  it('are the subjects of their contracts', () => {
    assert.equal(NOTIFICATION_CREATED_SUBJECT, notificationsEvents.created.subject);
    assert.equal(NOTIFICATION_UNREAD_SUBJECT, notificationsEvents.unreadChanged.subject);
  });

  it('the bell’s unread count path is the contract’s GET route', () => {
    assert.equal(notificationsRoutes.notificationUnread.method, 'GET');
    assert.equal(NOTIFICATION_UNREAD_PATH, notificationsRoutes.notificationUnread.path);
  });
});
