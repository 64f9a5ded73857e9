import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { kbText } from './locales.ts';
import { type TreeNode } from '@intranet/kb-contract';
import { Button } from '@intranet/web-ui';
import { articleAccessForQueryOptions } from './api/article-access-for.ts';
import { useBreadcrumbs } from './api/article-breadcrumbs.ts';
import { useFolderChildren } from './api/article-child.ts';
import { useFolderTree } from './api/article-full-tree.ts';
import { useKb } from './common.tsx';
import { Icon } from './icons.tsx';

interface Leaf {
  _id: string;
  title?: string;
  type?: TreeNode['type'];
  favourite?: boolean;
}

/** Loading and error lines inside the tree. Test ids: kb-tree-loading, kb-tree-error. */
function State({ loading, error, onRetry }: { loading: boolean; error: unknown; onRetry: () => void }) {
  const { t } = kbText.useT();
  if (loading)
    return (
      <li className="kb-muted" data-testid="kb-tree-loading">
        {t('tree.loading')}
      </li>
    );
  if (!error) return null;
  return (
    <li className="kb-tree__error" role="alert" data-testid="kb-tree-error">
      {t('tree.error')}{' '}
      <Button size="tiny" variant="ghost" onClick={onRetry}>
        {t('tree.retry')}
      </Button>
    </li>
  );
}

/** Articles and files of one folder (GET api/article/child/{id}), loaded when the folder is opened. */
function Leaves({ folder, current }: { folder: string; current?: string }) {
  const q = useFolderChildren(folder);
  const leaves = (q.data ?? []).filter((a) => a.type !== 'folder');
  return (
    <>
      <State loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()} />
      {leaves.map((a) => (
        <LeafItem key={a._id} a={a} current={current} />
      ))}
    </>
  );
}

function LeafItem({ a, current }: { a: Leaf; current?: string }) {
  return (
    <li className="kb-tree__node" data-testid={`kb-tree-${a._id}`} data-title={a.title}>
      <div className={`kb-tree__item${current === a._id ? ' kb-tree__item--current' : ''}`}>
        <span className="kb-tree__toggle" aria-hidden="true" />
        <Link to={`/article/${a._id}`}>
          <Icon name={a.type ?? 'article'} /> {a.title}
        </Link>
        {a.favourite ? <span className="kb-fav--on"> ★</span> : null}
      </div>
    </li>
  );
}

/** What the tree opens by itself: the current node's readable ancestors, and the folder holding it (leaves load). */
interface Reveal {
  ancestors: ReadonlySet<string>;
  parent?: string;
}

function FolderNode({ n, current, depth, reveal }: { n: TreeNode; current?: string; depth: number; reveal: Reveal }) {
  const { t } = kbText.useT();
  // Top folders start open (their sub-folders are already here); articles load only once a folder is opened by
  // hand, is the current one or holds the current one, so a big tree costs no request per folder.
  const [open, setOpen] = useState(depth < 1 || reveal.ancestors.has(n._id));
  const [asked, setAsked] = useState(false);
  const onPath = reveal.ancestors.has(n._id);
  // Breadcrumbs arrive after the tree, and the current node changes as the user navigates: open the path then.
  useEffect(() => {
    if (onPath) setOpen(true);
  }, [onPath]);
  return (
    <li className="kb-tree__node" data-testid={`kb-tree-${n._id}`} data-title={n.title}>
      <div className={`kb-tree__item${current === n._id ? ' kb-tree__item--current' : ''}`}>
        <button
          type="button"
          className="kb-tree__toggle"
          aria-expanded={open}
          aria-label={n.title}
          data-testid={`kb-tree-toggle-${n._id}`}
          onClick={() => {
            setAsked(true);
            setOpen((o) => !o);
          }}
        >
          {open ? '▾' : '▸'}
        </button>
        <Link to={`/articles/${n._id}`}>
          <Icon name="folder" /> {n.title}
        </Link>
        {n.restricted ? <Icon name="lock" title={t('restricted')} /> : null}
        {n.favourite ? <span className="kb-fav--on"> ★</span> : null}
      </div>
      {open ? (
        <ul>
          {(n.children ?? []).map((c) => (
            <FolderNode key={c._id} n={c} current={current} depth={depth + 1} reveal={reveal} />
          ))}
          {asked || current === n._id || reveal.parent === n._id ? <Leaves folder={n._id} current={current} /> : null}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The readable folder tree of the knowledge base (GET api/article/full_tree/{client}?section=kb&folders=1); the
 * articles of a folder are loaded one level at a time (child/{id}) when it is opened, the root's from access_for.
 * The ancestors of `current` (a folder or an article; from its breadcrumbs) open by themselves.
 * Test ids: kb-tree, kb-tree-<id>, kb-tree-toggle-<id>, kb-tree-loading, kb-tree-error.
 */
export function KbTree({ current }: { current?: string }) {
  const { t } = kbText.useT();
  const { clientId, uid } = useKb();
  const folders = useFolderTree(clientId);
  // The same query (and cache entry) as the page's breadcrumbs: the path from the root to the current node.
  const crumbs = useBreadcrumbs(current);
  const path = (crumbs.data ?? []).filter((c): c is typeof c & { _id: string } => !!c._id && c._id !== current);
  const reveal: Reveal = { ancestors: new Set(path.map((c) => c._id)), parent: path.at(-1)?._id };
  const rootLeaves = useQuery(articleAccessForQueryOptions(clientId, uid, { section: 'kb', fields: ['title', 'type', 'favourite'], limit: 1000 }));
  return (
    <aside className="kb-tree" data-testid="kb-tree" aria-label={t('kb')}>
      <Link to="/articles/" className="kb-tree__root">
        {t('root')}
      </Link>
      <ul>
        <State loading={folders.isLoading} error={folders.error} onRetry={() => void folders.refetch()} />
        {(folders.data ?? []).map((n) => (
          <FolderNode key={n._id} n={n} current={current} depth={0} reveal={reveal} />
        ))}
        {folders.data ? (
          <>
            <State loading={rootLeaves.isLoading} error={rootLeaves.error} onRetry={() => void rootLeaves.refetch()} />
            {(rootLeaves.data ?? [])
              .filter((a) => a.type !== 'folder')
              .map((a) => (
                <LeafItem key={a._id} a={a} current={current} />
              ))}
          </>
        ) : null}
        {folders.data && !folders.data.length && rootLeaves.data && !rootLeaves.data.length ? (
          <li className="kb-muted" data-testid="kb-tree-empty">
            {t('empty')}
          </li>
        ) : null}
      </ul>
    </aside>
  );
}
