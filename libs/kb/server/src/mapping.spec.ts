import { describe, expect, it } from '@jest/globals';
import type { ListRow } from './articles.repository.ts';
import { buildTree, toArticle, toBlock, type TreeRow } from './mapping.ts';
import type { FileRow, LinksBlockRow } from './schema.ts';

const sign = (k: string) => `signed:${k}`;
const at = new Date('2026-01-01T00:00:00Z');

describe('kb mapping (rows → API shapes)', () => {
  it('buildTree: sibling order kept, flags only when true, orphans (unreadable parents) dropped', () => {
    const rows: TreeRow[] = [
      { id: 'f', title: 'Folder', type: 'folder', parentId: null, aclId: 'f' },
      { id: 'a', title: 'A', type: 'article', parentId: 'f', aclId: 'f' },
      { id: 'b', title: 'B', type: 'article', parentId: null, aclId: null },
      { id: 'o', title: 'Orphan', type: 'article', parentId: 'hidden', aclId: null },
    ];
    expect(buildTree(rows, null, new Set(['b']))).toEqual([
      { _id: 'f', title: 'Folder', type: 'folder', restricted: true, children: [{ _id: 'a', title: 'A', type: 'article', restricted: true }] },
      { _id: 'b', title: 'B', type: 'article', favourite: true },
    ]);
    expect(buildTree(rows, 'f', new Set())).toEqual([{ _id: 'a', title: 'A', type: 'article', restricted: true }]);
  });

  it('toArticle: grants only for writers; files split by kind and signed; inline media signed by key', () => {
    const row = {
      id: 'a',
      clientId: 'c',
      type: 'article',
      section: 'kb',
      parentId: null,
      title: 'T',
      sortOrder: 1,
      grants: [{ target: 'all', level: 'read' }],
      aclId: 'a',
      authorId: 'u',
      views: 3,
      salaryFrom: null,
      salaryTo: null,
      receivers: [],
      createdAt: at,
      updatedAt: at,
      content: '<img data-key="k1"><img data-key="k2">',
    } as ListRow;
    const file = (id: string, kind: FileRow['kind'], key: string) =>
      ({ id, kind, key, fileName: id, mimetype: 'image/png', size: 1, thumbKey: null }) as FileRow;
    const extras = {
      files: [file('c', 'cover', 'kc'), file('f', 'file', 'kf'), file('m', 'attachment', 'k1')],
      tags: [],
      favourites: new Set(['a:f']),
      hasChildren: false,
      viewed: false,
    };
    const read = toArticle(sign, row, { ...extras, level: 1 });
    expect(read.grants).toEqual([]);
    expect(read.access).toBe('read');
    expect(read.cover?.url).toBe('signed:kc');
    expect(read.files.map((f) => [f._id, f.favourite])).toEqual([['f', true]]);
    expect(read.content).toContain('signed:k1');
    expect(read.content).not.toContain('signed:k2');
    expect(read).not.toHaveProperty('snippet');
    const write = toArticle(sign, row, { ...extras, level: 2 });
    expect(write.grants).toEqual(row.grants);
    expect(write.access).toBe('write');
  });

  it('toBlock: links in their order', () => {
    const b = {
      id: 'b',
      clientId: 'c',
      module: 'kb',
      blockId: 'main',
      title: null,
      active: true,
      links: [
        { _id: '2', title: 'two', url: 'https://2', order: 2 },
        { _id: '1', title: 'one', url: 'https://1', order: 1 },
      ],
      createdAt: at,
      updatedAt: at,
    } as LinksBlockRow;
    expect(toBlock(b).links.map((l) => l._id)).toEqual(['1', '2']);
  });
});
