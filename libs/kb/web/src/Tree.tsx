import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { kbRoutes, type TreeNode } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';
import { kbKeys, useKb } from './common.tsx';
import { Icon } from './icons.tsx';

function Node({ n, current, depth }: { n: TreeNode; current?: string; depth: number }) {
  const { t } = useTranslation('kb');
  const [open, setOpen] = useState(depth < 1);
  const folder = n.type === 'folder';
  return (
    <li className="kb-tree__node" data-testid={`kb-tree-${n._id}`} data-title={n.title}>
      <div className={`kb-tree__item${current === n._id ? ' kb-tree__item--current' : ''}`}>
        {folder && n.children.length ? (
          <button type="button" className="kb-tree__toggle" aria-expanded={open} aria-label={n.title} onClick={() => setOpen((o) => !o)}>{open ? '▾' : '▸'}</button>
        ) : (
          <span className="kb-tree__toggle" aria-hidden="true" />
        )}
        <Link to={folder ? `/articles/${n._id}` : `/article/${n._id}`}><Icon name={n.type} /> {n.title}</Link>
        {n.restricted ? <Icon name="lock" title={t('restricted')} /> : null}
        {n.favourite ? <span className="kb-fav--on"> ★</span> : null}
      </div>
      {folder && open && n.children.length ? (
        <ul>
          {n.children.map((c) => <Node key={c._id} n={c} current={current} depth={depth + 1} />)}
        </ul>
      ) : null}
    </li>
  );
}

/** The whole readable tree of the knowledge base (GET api/article/full_tree/{client}?section=kb). Test ids: kb-tree, kb-tree-<id>. */
export function KbTree({ current }: { current?: string }) {
  const { t } = useTranslation('kb');
  const { clientId } = useKb();
  const q = useQuery({
    queryKey: [...kbKeys.all, 'tree', clientId],
    queryFn: ({ signal }) => call(kbRoutes.fullTree, { params: { id: clientId! }, query: { section: 'kb' }, signal, silent: true }),
    enabled: !!clientId,
  });
  return (
    <aside className="kb-tree" data-testid="kb-tree" aria-label={t('kb')}>
      <Link to="/articles/" className="kb-tree__root">{t('root')}</Link>
      {q.data ? (
        <ul>
          {[...q.data].sort((a, b) => a.order - b.order).map((n) => <Node key={n._id} n={n} current={current} depth={0} />)}
        </ul>
      ) : null}
    </aside>
  );
}
