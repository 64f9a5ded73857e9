import { chatRoutes } from '@intranet/chat-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The chat domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant, routes-fuzz):
 * a group room of the admin (who reads entities back and, as owner and sender, may call every route on them) with the
 * employee, and one message of the admin.
 */
export default {
  entities: ['chatRoom', 'chatMsg'],
  idBySubject: {
    'chat.room.list': 'admin',
    'chat.room.': 'chatRoom',
    'chat.msg.': 'chatMsg',
    'chat.msg.list': 'chatRoom',
  },
  bodies: {
    'chat.room.create': { body: (w) => ({ name: `Room by ${w.workspace}`, members: [w.ids.user] }), ids: { members: 'user' } },
    'chat.room.update': { body: (w) => ({ _id: w.ids.chatRoom, name: 'Renamed room' }), ids: { _id: 'chatRoom', add: 'user', remove: 'user' } },
    'chat.room.seen': { body: (w) => ({ msg_id: w.ids.chatMsg }), ids: { msg_id: 'chatMsg' } },
    'chat.room.typing': { body: () => ({ typing: true }) },
    'chat.msg.create': {
      body: (w) => ({ room_id: w.ids.chatRoom, content: 'A fixture message' }),
      ids: { room_id: 'chatRoom' },
      // Issue 38 §6: another client's upload as the attachment.
      refs: {
        file: (own, foreign) => ({
          room_id: own.ids.chatRoom,
          content: 'A fixture message',
          file: { key: foreign.ids.file, fileName: 'note.txt', mimetype: 'text/plain', size: 1 },
        }),
      },
    },
    'chat.msg.update': { body: () => ({ content: 'Changed' }) },
  },
  async create(t, w) {
    const room = await t.call(chatRoutes.roomCreate, {
      token: w.adminToken,
      body: { name: `Chat of ${w.workspace}`, members: [w.ids.user] },
    });
    if (room.status !== 200) throw new Error(`fixture chatRoom: ${room.status} ${JSON.stringify(room.body)}`);
    const msg = await t.call(chatRoutes.msgCreate, {
      token: w.adminToken,
      body: { room_id: room.body.result._id, content: `Chat secret of ${w.workspace}` },
    });
    if (msg.status !== 200) throw new Error(`fixture chatMsg: ${msg.status} ${JSON.stringify(msg.body)}`);
    return { chatRoom: room.body.result._id, chatMsg: msg.body.result._id };
  },
  async readBack(t, w, e) {
    if (e !== 'chatRoom' && e !== 'chatMsg') return undefined;
    const r =
      e === 'chatRoom'
        ? await t.call(chatRoutes.roomGet, { token: w.adminToken, params: { id: w.ids.chatRoom } })
        : await t.call(chatRoutes.msgList, { token: w.adminToken, params: { id: w.ids.chatRoom } });
    return { status: r.status, body: r.body };
  },
  secrets: (w) => [`Chat secret of ${w.workspace}`, `Chat of ${w.workspace}`],
} satisfies DomainFixtures;
