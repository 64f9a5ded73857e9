import { clientSubjects } from '@intranet/clients-contract';
import { socialRoutes } from '@intranet/social-contract';
import { ask, systemContext, type BusEvent } from '@intranet/platform-bus';
import { uuidv7 } from '@intranet/platform-db';
import { Readable } from 'node:stream';
import type { TestPortal } from '@intranet/portal-testing';
import { eventually, ok } from '@intranet/platform-testing';

export const fieldMessages = (body: { errors?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));

/** A thank-you text over 30 symbols. */
export const THANKS_TEXT = 'Thank you for the great help with the release last week!';

/** Writes a post as `token`; fails the test on a non-200. */
export function post(t: TestPortal, token: string, body: Record<string, unknown>) {
  return ok(t.call(socialRoutes.postCreate, { token, body }), 200, 'post');
}

/**
 * Puts a file into the portal's object storage as POST api/upload would (key prefixed by the client) and reserves
 * its bytes in the client's quota. Output: the attachment item a post body carries.
 */
export async function upload(t: TestPortal, clientId: string, bytes: number, name = 'photo.png', mimetype = 'image/png') {
  const key = `${clientId}/post/${uuidv7()}/${name}`;
  await t.portal.platform.storage.put(key, Readable.from([Buffer.alloc(bytes, 7)]), { contentType: mimetype });
  await reserve(t, clientId, bytes);
  return { key, fileName: name, mimetype, size: bytes };
}

/** Reserves bytes (0 reads the usage); output { used, total } in bytes. */
export function reserve(t: TestPortal, clientId: string, bytes: number): Promise<{ used: number; total: number }> {
  return ask(t.portal.platform.bus, clientSubjects.storageReserve, systemContext(clientId), { clientId, bytes });
}

/**
 * Records every social event published on the portal's bus from now on (subscribe resolves once the bus has the
 * subscription: NatsBus flushes the SUB to the server).
 */
export async function recordEvents(t: TestPortal) {
  type Data = any;
  const seen: BusEvent<Data>[] = [];
  await t.portal.platform.bus.subscribe<Data>('evt.social.>', async (e) => {
    seen.push(e);
  });
  return seen;
}

/**
 * Waits until every social event committed so far has been published: `who` follows and unfollows `whom` (net: no
 * change), and once that unfollow's event is in `seen`, every earlier one is too — the outbox relay publishes in
 * id (commit time) order. Use it before asserting that an event did NOT come (or came only once).
 */
export async function outboxDrained(t: TestPortal, seen: BusEvent<any>[], who: { token: string }, whom: { user: { _id: string } }) {
  const unfollows = () => seen.filter((e) => e.subject === 'evt.social.follow.changed' && e.data.following === false).length;
  const before = unfollows();
  ok(await t.call(socialRoutes.followAdd, { token: who.token, body: { user_id: whom.user._id } }));
  ok(await t.call(socialRoutes.followRemove, { token: who.token, body: { user_id: whom.user._id } }));
  await eventually(() => unfollows() > before);
}
