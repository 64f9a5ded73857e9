import { clientRoutes } from '@intranet/clients-contract';
import { kbRoutes } from '@intranet/kb-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { socialRoutes } from '@intranet/social-contract';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RouteDef } from '@intranet/platform-contracts';
import type { TestPortal } from './testing.ts';

export {
  bodyFor,
  bodyIdFields,
  cannotCover,
  entitiesOf,
  isMultipart,
  jsonSchema,
  jsonSchemaProps,
  paramNames,
  paramsFor,
  referenceCases,
  slotOf,
  takesId,
  type JsonSchema,
} from './coverage.ts';

/**
 * Fixture registry for the route-generic checks (issue 9 "Checks every route gets"): it creates one object per
 * entity through the real routes and knows which route params and body id fields name which entity. A route
 * whose params or id fields it cannot fill is reported as "cannot cover" — a new route is covered by declaring
 * its names here (PARAM_BY_NAME / ID_PARAM_BY_SUBJECT / BODY_BY_SUBJECT) or, for a domain of its own, in
 * `libs/<domain>/server/test/fixtures.ts` (a default export `{...} satisfies DomainFixtures`, discovered at load: no
 * list here names the domains).
 */

/** The core entities (clients, people, social, kb). `group`: a closed group the admin owns (the employee is invited). */
export type CoreEntity = 'client' | 'admin' | 'user' | 'post' | 'comment' | 'article' | 'folder' | 'vacancy' | 'tag' | 'linksBlock' | 'link' | 'file' | 'group';
/** Entities a route may address by id: the core ones and those a domain's fixtures module declares. */
export type Entity = CoreEntity | (string & {});

/** One client with one object per entity, created through the routes, and its users' tokens. */
export interface World {
  workspace: string;
  /** Core entities always; a domain's entities once its `create` ran (createWorld runs them all). */
  ids: Record<CoreEntity, string> & Record<string, string>;
  adminToken: string;
  superToken: string;
  /** An employee with every initial right (author of the post and comment). */
  employee: { id: string; token: string };
}

/** What a path param holds: an entity's id, the client's workspace code, or a fixed non-id value. */
export type Slot = { entity: Entity } | { workspace: true } | { literal: string };

/** Param names that mean the same thing on every route. */
export const PARAM_BY_NAME: Record<string, Slot> = {
  clientId: { entity: 'client' },
  client: { entity: 'client' },
  client_id: { entity: 'client' },
  workspace: { workspace: true },
  ws: { workspace: true },
  userId: { entity: 'user' },
  user: { entity: 'user' },
  groupId: { entity: 'group' },
  newOwner: { entity: 'user' },
  item_id: { entity: 'article' },
  tag_id: { entity: 'tag' },
  block_id: { entity: 'linksBlock' },
  from: { entity: 'article' },
  to: { entity: 'folder' },
  // kb del_file/{file}: an attached file's id; the article's own id stands for "an id of the first client".
  file: { entity: 'article' },
  key: { entity: 'file' },
  page: { literal: '1' },
  role: { literal: 'wall' },
  code: { literal: 'wall' },
  module: { literal: 'kb' },
  model: { literal: 'article' },
  token: { literal: 'no-such-reset-token' },
  // GET api/journal/{client}/section/{section} (issue 18 §2): a journal section code.
  section: { literal: 'roles' },
};

/** Path params whose meaning is the route's own (`paramsBySubject` of a domain's fixtures), by exact subject, then name. */
export const PARAM_BY_SUBJECT: Record<string, Record<string, Slot>> = {};

/** `{id}` (and any name PARAM_BY_NAME lacks) by the route's subject: the longest matching prefix wins. */
export const ID_PARAM_BY_SUBJECT: Record<string, Entity> = {
  'clients.': 'client',
  'people.user.': 'user',
  'social.post.': 'post',
  'social.post.client': 'client',
  'social.post.follows': 'user',
  'social.post.user': 'user',
  'social.post.commentsFeed': 'user',
  'social.post.mentionsFeed': 'user',
  'social.post.group': 'group',
  'social.post.groupUser': 'user',
  'social.comment.': 'comment',
  'social.thanks.': 'client',
  'social.birthday.list': 'client',
  'social.group.': 'group',
  'social.group.byUser': 'user',
  'social.group.pending': 'user',
  'social.group.byClient': 'client',
  'kb.article.': 'article',
  'kb.vacancy.': 'vacancy',
  'kb.tag.': 'tag',
  'kb.links.get': 'linksBlock',
  'kb.links.delete': 'link',
};

type Body = Record<string, unknown>;
/**
 * A route's fixture body: `body(w)` a valid body naming `w`'s objects; `ids` the top-level body fields that hold ids
 * (and the entity each names; `opaque` ones left out); `refs` references nested deeper (a poll's `recipients[].users`): the error field they
 * are refused on → a valid body of `own` whose one nested reference names `foreign`'s object (issue 38 §6).
 */
export interface FixtureBody {
  body: (w: World) => Body;
  ids?: Record<string, Entity>;
  refs?: Record<string, (own: World, foreign: World) => Body>;
  /** Id fields that reference no object (a key the caller makes up) or that `body`'s kind ignores: not put in. */
  opaque?: string[];
}
/** An uploaded file of `w` as a write's body references it (its key names `w`'s client). */
export const fileRefOf = (w: World) => ({ key: w.ids.file, fileName: 'note.txt', mimetype: 'text/plain', size: 1 });

/**
 * §6 grants naming another client's users (issue 38 §6): a manual grant's `grants.0.users`, a head grant's
 * `grants.0.value`, each added to `base(own)`.
 */
function foreignGrants(base: (own: World) => Body): Record<string, (own: World, foreign: World) => Body> {
  return {
    'grants.0.users': (own, foreign) => ({ ...base(own), grants: [{ target: 'manual', level: 'read', users: [foreign.ids.user] }] }),
    'grants.0.value': (own, foreign) => ({ ...base(own), grants: [{ target: 'head', level: 'read', value: foreign.ids.admin }] }),
  };
}

/**
 * A valid body per route that has one, with the ids it names taken from `w` (routes absent here send `{}`).
 * Every body field that holds an id (a uuid in the schema) must be listed in `ids`, or the route cannot be
 * covered.
 */
export const BODY_BY_SUBJECT: Record<string, FixtureBody> = {
  'clients.client.update': { body: () => ({ name: 'Renamed' }) },
  'clients.client.create': { body: () => ({ workspace: `x${Math.random().toString(36).slice(2, 10)}`, name: 'New' }) },
  'people.auth.login': { body: (w) => ({ login: `nobody@${w.workspace}.test`, password: 'wrong-password' }) },
  'people.auth.loginPage': { body: (w) => ({ login: `nobody@${w.workspace}.test`, password: 'wrong-password' }) },
  'people.auth.logout': { body: () => ({}) },
  'people.auth.forgot': { body: (w) => ({ email: `admin@${w.workspace}.test` }) },
  'people.auth.reset': { body: () => ({ password: 'newpass123', confirmPassword: 'newpass123' }) },
  'people.auth.resetHard': { body: (w) => ({ user_id: w.ids.user, password: 'newpass123', confirmPassword: 'newpass123' }), ids: { user_id: 'user' } },
  'people.user.register': {
    body: (w) => ({
      firstName: 'Fix',
      lastName: 'Ture',
      email: `f${Math.random().toString(36).slice(2, 8)}@${w.workspace}.test`,
      password: 'fixture1',
      confirmPassword: 'fixture1',
      client_id: w.ids.client,
    }),
    ids: { client_id: 'client' },
  },
  'people.user.registerMany': {
    body: (w) => ({ csv: 'firstName,lastName,email\nCsv,Row,csv@x.test\n', client_id: w.ids.client }),
    ids: { client_id: 'client', importId: 'client' },
    opaque: ['importId'],
  },
  'people.user.filter': { body: () => ({ data: {} }) },
  'people.user.update': { body: () => ({ position: 'Changed' }) },
  'people.user.pin': { body: () => ({ pinned_num: 1 }) },
  'people.user.pinMove': { body: () => ({ from: 1, to: 2 }) },
  'social.post.allView': { body: (w) => ({ user_id: w.ids.user, ids: [w.ids.post] }), ids: { user_id: 'user', ids: 'post' } },
  'social.post.like': {
    body: (w) => ({ like_type: 'post', post_id: w.ids.post }),
    ids: { post_id: 'post', comment_id: 'comment', answer_id: 'comment', id: 'post' },
    // A post like ignores the comment fields; another client's comment is liked as a comment instead.
    opaque: ['comment_id', 'answer_id', 'id'],
    refs: { comment_id: (own, foreign) => ({ like_type: 'comment', post_id: own.ids.post, comment_id: foreign.ids.comment }) },
  },
  'social.post.create': {
    body: (w) => ({ message: 'A fixture post', mentions: [w.ids.user] }),
    ids: { mentions: 'user' },
    refs: { 'attachments.0': (_own, foreign) => ({ message: 'A fixture post', attachments: [fileRefOf(foreign)] }) },
  },
  'social.post.update': {
    body: () => ({ message: 'Changed' }),
    ids: { mentions: 'user' },
    refs: { 'attachments.0': (_own, foreign) => ({ message: 'Changed', attachments: [fileRefOf(foreign)] }) },
  },
  'social.post.view': { body: (w) => ({ user_id: w.ids.user }), ids: { user_id: 'user' } },
  'social.comment.create': {
    body: (w) => ({ parent_type: 'post', parent_id: w.ids.post, message: 'A foreign comment', mentions: [w.ids.user] }),
    ids: { parent_id: 'post', mentions: 'user' },
    refs: {
      'attachment.0': (own, foreign) => ({ parent_type: 'post', parent_id: own.ids.post, message: 'A comment', attachment: fileRefOf(foreign) }),
    },
  },
  'social.comment.update': { body: () => ({ message: 'Changed' }), ids: { mentions: 'user' } },
  'social.follow.add': { body: (w) => ({ user_id: w.ids.user }), ids: { user_id: 'user' } },
  'social.follow.remove': { body: (w) => ({ user_id: w.ids.user }), ids: { user_id: 'user' } },
  'social.group.create': { body: () => ({ name: 'Fixture group', description: 'A group', type: 'public' }) },
  'social.group.update': { body: () => ({ name: 'Renamed group' }) },
  'social.group.grantAdd': { body: () => ({ level: 'read' }) },
  'social.group.replaceOwner': { body: (w) => ({ owner: w.ids.admin }), ids: { owner: 'admin' } },
  'social.group.invite': { body: (w) => ({ user_ids: [w.ids.user] }), ids: { user_ids: 'user' } },
  'social.group.memberAdmin': { body: () => ({ admin: true }) },
  'kb.article.create': {
    body: (w) => ({ section: 'kb', title: 'Child', content: 'x', parent: w.ids.folder }),
    ids: { parent: 'folder', receivers: 'user', file: 'file', cover: 'file', tags: 'tag' },
    refs: foreignGrants((w) => ({ section: 'kb', title: 'Child', content: 'x', parent: w.ids.folder })),
  },
  'kb.article.update': {
    body: () => ({ title: 'Changed' }),
    ids: { parent: 'folder', receivers: 'user', file: 'file', cover: 'file', tags: 'tag' },
    refs: foreignGrants(() => ({ title: 'Changed' })),
  },
  'kb.article.addFiles': {
    body: (w) => ({ files: [{ key: w.ids.file, fileName: 'a.txt', mimetype: 'text/plain', size: 1 }] }),
    refs: { files: (_own, foreign) => ({ files: [fileRefOf(foreign)] }) },
  },
  'kb.article.delFiles': { body: (w) => ({ files: [w.ids.article] }), ids: { files: 'article' } },
  'kb.vacancy.respond': {
    body: (w) => ({ article: w.ids.vacancy, message: 'Interested', contacts: 'me' }),
    ids: { article: 'vacancy' },
    refs: { cv: (own, foreign) => ({ article: own.ids.vacancy, message: 'Interested', contacts: 'me', cv: fileRefOf(foreign) }) },
  },
  'kb.article.rights': { body: () => ({ grants: [] }), refs: foreignGrants(() => ({})) },
  'kb.article.favourite': { body: () => ({ favourite: true }), ids: { file: 'article' } },
  'kb.tag.create': { body: () => ({ name: `T${Math.random().toString(36).slice(2, 8)}`, module: 'kb' }) },
  'kb.tag.update': { body: () => ({ name: 'Renamed' }) },
  'kb.tag.attach': { body: (w) => ({ _id: w.ids.tag }), ids: { _id: 'tag' } },
  'kb.links.toggle': { body: () => ({ module: 'kb', active: false }) },
  'kb.links.add': { body: () => ({ title: 'Link', url: 'https://example.com' }) },
  'kb.links.update': { body: (w) => ({ _id: w.ids.link, title: 'Link', url: 'https://example.com/2' }), ids: { _id: 'link' } },
};

/**
 * What a domain adds to the registry: `libs/<domain>/server/test/fixtures.ts` with
 * `import type { DomainFixtures } from '@intranet/portal-testing/fixtures'` and `export default {...} satisfies
 * DomainFixtures` (a type-only import: a value import would be a cycle with the top-level await below).
 * - `entities`: the entity names it creates (unique across domains);
 * - `params` / `paramsBySubject` / `idBySubject` / `bodies`: entries merged into PARAM_BY_NAME / PARAM_BY_SUBJECT /
 *   ID_PARAM_BY_SUBJECT / BODY_BY_SUBJECT;
 * - `create(t, w)`: makes one object per entity in client `w` through the real routes (the core entities exist
 *   already; w.adminToken, w.employee) and returns their ids by entity name;
 * - `readBack(t, w, e)`: reads entity `e` back as the admin of `w` (JSON-comparable), for before/after checks;
 * - `secrets(w)`: distinctive texts of `w` the domain created (besides its ids) that no other client may see.
 */
export interface DomainFixtures {
  entities: string[];
  params?: Record<string, Slot>;
  /** A route's own meaning of a param name another domain uses otherwise, by the route's subject. */
  paramsBySubject?: Record<string, Record<string, Slot>>;
  idBySubject?: Record<string, Entity>;
  bodies?: Record<string, FixtureBody>;
  create: (t: WorldPortal, w: World) => Promise<Record<string, string>>;
  readBack?: (t: TestPortal, w: World, e: Entity) => Promise<unknown>;
  secrets?: (w: World) => string[];
}

/** Every `libs/<domain>/server/test/fixtures.ts`, in folder order, merged into the tables above. */
export const DOMAIN_FIXTURES: DomainFixtures[] = await loadDomainFixtures();

async function loadDomainFixtures(): Promise<DomainFixtures[]> {
  const libs = join(dirname(fileURLToPath(import.meta.url)), '../../..');
  const out: DomainFixtures[] = [];
  for (const domain of readdirSync(libs).sort()) {
    const file = join(libs, domain, 'server/test/fixtures.ts');
    if (!existsSync(file)) continue;
    const f = ((await import(pathToFileURL(file).href)) as { default: DomainFixtures }).default;
    Object.assign(PARAM_BY_NAME, f.params);
    Object.assign(PARAM_BY_SUBJECT, f.paramsBySubject);
    Object.assign(ID_PARAM_BY_SUBJECT, f.idBySubject);
    Object.assign(BODY_BY_SUBJECT, f.bodies);
    out.push(f);
  }
  return out;
}

/** The `result` of a fixture call; throws naming the fixture on any other status. */
async function ok<T = { _id: string }>(p: Promise<{ status: number; body: unknown }>, what: string): Promise<T> {
  const r = await p;
  if (r.status !== 200) throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body as { result: T }).result;
}

/** What making a world needs of a portal: its API (a test portal's, or httpPortal's for a portal of its own process). */
export type WorldPortal = Pick<TestPortal, 'call' | 'login' | 'makeClient' | 'makeEmployee' | 'inject'>;

/**
 * Creates a client `workspace` with one object per entity through the real routes: its admin, an employee, a post
 * by the employee and a comment on it, a kb folder with an article, a vacancy, a tag, a links block with a link, and
 * an uploaded file. Output: the World.
 */
export async function createWorld(t: WorldPortal, workspace: string): Promise<World> {
  const c = await t.makeClient(workspace);
  const emp = await t.makeEmployee(c.adminToken, `emp@${workspace}.test`);
  const post = await ok(t.call(socialRoutes.postCreate, { token: emp.token, body: { message: `Post of ${workspace}` } }), 'post');
  const comment = await ok(
    t.call(socialRoutes.commentCreate, { token: emp.token, body: { parent_type: 'post', parent_id: post._id, message: `Comment of ${workspace}` } }),
    'comment',
  );
  const group = await ok(
    t.call(socialRoutes.groupCreate, {
      token: c.adminToken,
      body: { name: `Group of ${workspace}`, description: `Closed group of ${workspace}`, type: 'closed' },
    }),
    'group',
  );
  await ok(t.call(socialRoutes.groupInvite, { token: c.adminToken, params: { id: group._id }, body: { user_ids: [emp.user._id] } }), 'group invitation');
  const folder = await ok(
    t.call(kbRoutes.articleCreate, { token: c.adminToken, body: { section: 'kb', type: 'folder', title: `Folder of ${workspace}` } }),
    'folder',
  );
  const article = await ok(
    t.call(kbRoutes.articleCreate, {
      token: c.adminToken,
      body: { section: 'kb', title: `Article of ${workspace}`, content: 'secret text', parent: folder._id },
    }),
    'article',
  );
  const vacancy = await ok(
    t.call(kbRoutes.articleCreate, {
      token: c.adminToken,
      body: { section: 'vacancy', title: `Vacancy of ${workspace}`, content: 'x', salaryFrom: 1000, salaryTo: 2000, receivers: [c.admin._id] },
    }),
    'vacancy',
  );
  const tag = await ok(t.call(kbRoutes.tagCreate, { token: c.adminToken, body: { name: `Tag${workspace}`, module: 'kb' } }), 'tag');
  const block = await ok(
    t.call(kbRoutes.linksToggle, { token: c.adminToken, body: { module: 'kb', active: true, title: `Links of ${workspace}` } }),
    'links block',
  );
  const withLink = await ok<{ links: { _id: string }[] }>(
    t.call(kbRoutes.linksAdd, { token: c.adminToken, params: { block_id: block._id }, body: { title: 'Home', url: 'https://example.com' } }),
    'link',
  );
  const up = await t.inject({
    method: 'POST',
    url: '/api/upload?kind=file',
    ...uploadBody(`file of ${workspace}`),
    headers: { ...uploadBody('').headers, authorization: `Bearer ${c.adminToken}` },
    remoteAddress: '127.0.0.1',
  });
  const uploaded = JSON.parse(up.body);
  const fileKey: string | undefined = uploaded?.results?.[0]?.key;
  if (up.statusCode !== 200 || !fileKey) throw new Error(`fixture file: ${up.statusCode} ${up.body}`);
  const w: World = {
    workspace,
    adminToken: c.adminToken,
    superToken: c.superToken,
    employee: { id: emp.user._id, token: emp.token },
    ids: {
      client: c.client._id,
      admin: c.admin._id,
      user: emp.user._id,
      post: post._id,
      comment: comment._id,
      article: article._id,
      folder: folder._id,
      vacancy: vacancy._id,
      tag: tag._id,
      linksBlock: block._id,
      link: withLink.links[0]!._id,
      file: fileKey,
      group: group._id,
    },
  };
  for (const f of DOMAIN_FIXTURES) {
    const ids = await f.create(t, w);
    for (const e of f.entities) {
      if (!ids[e]) throw new Error(`fixture ${e}: the domain's create() returned no id for it`);
      w.ids[e] = ids[e];
    }
  }
  return w;
}

let boundary = '';
function uploadBody(text: string): { payload: Buffer; headers: Record<string, string> } {
  boundary ||= `----fixture${Date.now().toString(16)}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Reads an entity back as its owner (the admin of `w`), for before/after comparison. Output: a JSON-comparable
 * value; entities with no read route of their own are read through their container.
 */
export async function readBack(t: TestPortal, w: World, e: Entity): Promise<unknown> {
  const token = w.adminToken;
  const get = async (route: RouteDef, params: Record<string, string>, query?: Record<string, string>) => {
    const r = await t.call(route, { token, params, query });
    return { status: r.status, body: r.body };
  };
  switch (e) {
    case 'client':
      return get(clientRoutes.clientGet, { id: w.ids.client });
    case 'admin':
      return get(peopleRoutes.userGet, { id: w.ids.admin });
    case 'user':
      return get(peopleRoutes.userGet, { id: w.ids.user });
    case 'post':
    case 'comment':
      return get(socialRoutes.postGet, { id: w.ids.post });
    case 'article':
      return get(kbRoutes.articleGet, { id: w.ids.article });
    case 'folder':
      return get(kbRoutes.articleChild, { id: w.ids.folder });
    case 'vacancy':
      return [await get(kbRoutes.articleGet, { id: w.ids.vacancy }), await get(kbRoutes.vacancyResponses, { id: w.ids.vacancy })];
    case 'tag':
      return get(kbRoutes.tagList, { client_id: w.ids.client, module: 'kb' });
    case 'linksBlock':
    case 'link':
      return get(kbRoutes.linksGet, { id: w.ids.linksBlock });
    case 'group':
      return [
        await get(socialRoutes.groupGet, { id: w.ids.group }),
        await get(socialRoutes.groupMembers, { id: w.ids.group }),
        await get(socialRoutes.groupInvitations, { id: w.ids.group }),
      ];
    case 'file':
      return null;
  }
  const owner = DOMAIN_FIXTURES.find((f) => f.entities.includes(e));
  return owner?.readBack ? owner.readBack(t, w, e) : null;
}

/** Every id and distinctive text of `w` (what must never appear in an answer to another client's user). */
export function secretsOf(w: World): string[] {
  return [...Object.values(w.ids), `of ${w.workspace}`, 'secret text', ...DOMAIN_FIXTURES.flatMap((f) => f.secrets?.(w) ?? [])];
}
