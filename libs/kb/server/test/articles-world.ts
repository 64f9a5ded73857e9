import assert from 'node:assert/strict';
import { clientRoutes } from '@intranet/clients-contract';
import { fileRoutes } from '@intranet/files-contract';
import { kbRoutes } from '@intranet/kb-contract';
import { multipart, testPortal, type TestPortal } from '@intranet/portal-testing';

/** How the world's portal starts: `testPortal`, or `sharedPortal` for a spec file that shares the worker's (ADR 0013). */
type Open = (overrides?: Partial<Record<string, string>>) => Promise<TestPortal>;

export type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
export type Emp = Awaited<ReturnType<TestPortal['makeEmployee']>>;

/** The knowledge-base article specs' world: acme (with a reader of Sales) and another client. */
export interface ArticlesWorld {
  t: TestPortal;
  acme: Client;
  other: Client;
  emp: Emp;
}

/**
 * The article specs' calls over a started world (`w()` inside tests): raw HTTP (`inject`), uploads and their refs,
 * acme's storage use, creating folders and articles (as acme's admin unless a token is given), the access_for list.
 */
export function articleCalls(w: () => Pick<ArticlesWorld, 't' | 'acme'>) {
  const t = () => w().t;
  const inject = (o: any) => t().portal.app.getHttpAdapter().getInstance().inject(o);
  /** Uploads files as `token` (kind kb) and returns the upload results. */
  const upload = async (token: string, files: { name: string; data: Buffer }[], kind = 'kb') => {
    const m = multipart(files);
    const r = await inject({
      method: 'POST',
      url: `${fileRoutes.fileUpload.path}?kind=${kind}`,
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${token}` },
    });
    assert.equal(r.statusCode, 200, r.body);
    return r.json().results as { key: string; fileName: string; mimetype: string; size: number; thumbKey: string | null }[];
  };
  const ref = (f: { key: string; fileName: string; mimetype: string; size: number; thumbKey: string | null }) => ({
    key: f.key,
    fileName: f.fileName,
    mimetype: f.mimetype,
    size: f.size,
    thumbKey: f.thumbKey,
  });
  const used = async () =>
    (await t().call(clientRoutes.clientGet, { token: w().acme.adminToken, params: { id: w().acme.client._id } })).body.result.storage.used as number;
  const create = (token: string, body: Record<string, unknown>) => t().call(kbRoutes.articleCreate, { token, body });
  const folder = async (title: string, parent?: string, token = w().acme.adminToken) => {
    const r = await create(token, { type: 'folder', section: 'kb', title, parent });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result;
  };
  const article = async (title: string, content: string, parent?: string, extra: Record<string, unknown> = {}, token = w().acme.adminToken) => {
    const r = await create(token, { section: 'kb', title, content, parent, ...extra });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result;
  };
  const list = (token: string, user: string, query: Record<string, string> = {}, client = w().acme.client._id) =>
    t().call(kbRoutes.articleAccessFor, { token, params: { client, user }, query });
  return { inject, upload, ref, used, create, folder, article, list };
}

/** Starts the portal with acme (kbacme, a reader of Sales) and another client (kbother). */
export async function setUpArticlesWorld(open: Open = testPortal, tag = ''): Promise<ArticlesWorld> {
  const t = await open();
  const acme = await t.makeClient(`kbacme${tag}`);
  const other = await t.makeClient(`kbother${tag}`);
  const emp = await t.makeEmployee(acme.adminToken, `reader@kbacme${tag}.test`, { department: 'Sales' });
  return { t, acme, other, emp };
}
