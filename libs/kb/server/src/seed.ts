import type { Grant } from '@intranet/kb-contract';
import { uuidv7, type Database } from '@intranet/platform-db';
import { articles, type NewArticle } from './schema.ts';

export interface SeedOptions {
  folders: number;
  articles: number;
  /** Share of folders with their own grants (0..1), e.g. 1/3 for the benchmark. */
  grantedShare?: number;
  /** Department names the grants name; default Dept 0..9. */
  departments?: string[];
  section?: 'kb' | 'vacancy';
  authorId?: string | null;
  /** Rows per INSERT. */
  batch?: number;
}

const WORDS = [
  'инструкция',
  'отпуск',
  'договор',
  'сотрудник',
  'зарплата',
  'безопасность',
  'офис',
  'политика',
  'обучение',
  'проект',
  'відпустка',
  'працівник',
  'навчання',
  'безпека',
  'правила',
  'звіт',
  'керівник',
  'заява',
  'посада',
  'графік',
  'policy',
  'handbook',
  'security',
  'onboarding',
  'travel',
  'expense',
  'benefits',
  'holiday',
  'report',
  'guideline',
];

/** Deterministic pseudo-random numbers (benchmarks repeat). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Bulk-inserts a folder tree and articles into a client's knowledge base (benchmarks, demo data): `folders`
 * folders (up to 50 at the root, the rest under random earlier folders), `grantedShare` of them restricted to a
 * department, and `articles` articles with ru/uk/en text spread over the folders. `acl_id` is derived while
 * generating, so the rows are consistent without a propagation pass. Output: the ids made.
 */
export async function seedArticles(db: Database, clientId: string, opts: SeedOptions): Promise<{ folderIds: string[]; articleIds: string[] }> {
  const rand = rng(opts.folders * 7919 + opts.articles);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const section = opts.section ?? 'kb';
  const depts = opts.departments ?? Array.from({ length: 10 }, (_, i) => `Dept ${i}`);
  const share = opts.grantedShare ?? 0;
  const batch = opts.batch ?? 1000;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const now = Date.now();

  const folders: NewArticle[] = [];
  const acl = new Map<string, string | null>();
  const order = new Map<string | null, number>();
  const nextOrder = (p: string | null) => {
    const n = (order.get(p) ?? 0) + 1;
    order.set(p, n);
    return n;
  };
  for (let i = 0; i < opts.folders; i++) {
    const id = uuidv7();
    const parentId = i < 50 || !folders.length ? null : folders[Math.floor(rand() * folders.length)].id!;
    const granted = rand() < share;
    const grants: Grant[] = granted ? [{ target: 'department', value: pick(depts), level: 'read' }] : [];
    const aclId = granted ? id : parentId ? (acl.get(parentId) ?? null) : null;
    acl.set(id, aclId);
    folders.push({
      id,
      clientId,
      type: 'folder',
      section,
      parentId,
      title: `${words(2)} ${i}`,
      content: null,
      bodyText: '',
      sortOrder: nextOrder(parentId),
      grants,
      aclId,
      authorId: opts.authorId ?? null,
      createdAt: new Date(now - (opts.folders - i) * 1000),
    });
  }
  const items: NewArticle[] = [];
  for (let i = 0; i < opts.articles; i++) {
    const id = uuidv7();
    const parentId = folders.length ? folders[Math.floor(rand() * folders.length)].id! : null;
    const body = `${words(40)} ${i}`;
    items.push({
      id,
      clientId,
      type: 'article',
      section,
      parentId,
      title: `${words(3)} ${i}`,
      content: `<p>${body}</p>`,
      bodyText: body,
      sortOrder: nextOrder(parentId),
      grants: [],
      aclId: parentId ? (acl.get(parentId) ?? null) : null,
      authorId: opts.authorId ?? null,
    });
  }
  for (const rows of [folders, items]) {
    for (let i = 0; i < rows.length; i += batch) {
      const chunk = rows.slice(i, i + batch);
      await db.inTenant({ clientId }, async (tx) => {
        await tx.insert(articles).values(chunk);
      });
    }
  }
  return { folderIds: folders.map((f) => f.id!), articleIds: items.map((a) => a.id!) };
}
