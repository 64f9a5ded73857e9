import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { kbText } from './locales.ts';
import { articleCreate, type ArticleListItem, type Grant } from '@intranet/kb-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, ConfirmDialog, EmptyState, Input, Loader, Modal, useDebounced, useNotifier } from '@intranet/web-ui';
import { articleAccessForQueryOptions, useArticleList } from './api/article-access-for.ts';
import { useBreadcrumbs } from './api/article-breadcrumbs.ts';
import { createArticle } from './api/article-create.ts';
import { deleteArticle } from './api/article-deep-delete.ts';
import { setFavourite } from './api/article-favourite.ts';
import { getArticle, useArticleQuery } from './api/article-get.ts';
import { swapArticles } from './api/article-order.ts';
import { kbKeys } from './api/keys.ts';
import { useKbTags } from './api/tag-list.ts';
import { errorText, LoadError, NeedClient, useKb } from './common.tsx';
import { mediaKeys, RichEditor } from './Editor.tsx';
import { GrantsModal } from './GrantsModal.tsx';
import { KbTree } from './Tree.tsx';
import { LinksPanel } from './LinksPanel.tsx';
import { AssistantPanel } from './AssistantPanel.tsx';
import { Icon } from './icons.tsx';
import './kb.css';

/** Path from the root to `id` (GET api/article/breadcrumbs/{id}); the last item is shown as text. Test id: kb-crumbs. */
export function Breadcrumbs({ id }: { id?: string }) {
  const { t } = kbText.useT();
  const q = useBreadcrumbs(id);
  const items = q.data ?? [];
  return (
    <nav className="kb-crumbs" aria-label="breadcrumbs" data-testid="kb-crumbs">
      <Link to="/articles/">{t('root')}</Link>
      {items.map((c, i) => (
        <span key={c._id ?? `hidden-${i}`}>
          <span aria-hidden="true"> / </span>
          {i === items.length - 1 || !c.access ? (
            <span>{c.title ?? '…'}</span>
          ) : (
            <Link to={c.type === 'folder' ? `/articles/${c._id}` : `/article/${c._id}`}>{c.title}</Link>
          )}
        </span>
      ))}
    </nav>
  );
}

/**
 * Favourite star (PUT api/article/{id}/favourite) of an article or folder, or with `file` of one attached file.
 * Test ids: kb-fav-<id>, kb-file-fav-<file id>.
 */
export function FavButton({ id, on, file }: { id: string; on: boolean; file?: string }) {
  const { t } = kbText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  // Not a form (a one-click star): disabled while the call runs; a refusal is worded in the error dialog.
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`kb-fav${on ? ' kb-fav--on' : ''}`}
      aria-pressed={on}
      title={on ? t('unfavourite') : t('favourite')}
      aria-label={on ? t('unfavourite') : t('favourite')}
      disabled={busy}
      data-testid={file ? `kb-file-fav-${file}` : `kb-fav-${id}`}
      onClick={async () => {
        setBusy(true);
        try {
          await setFavourite(id, file ? { file, favourite: !on } : { favourite: !on });
          await qc.invalidateQueries({ queryKey: file ? kbKeys.article(id) : kbKeys.all });
        } catch (e) {
          notifier.error(errorText(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      {on ? '★' : '☆'}
    </button>
  );
}

const href = (a: ArticleListItem) => (a.type === 'folder' ? `/articles/${a._id}` : `/article/${a._id}`);

/**
 * Create-folder / create-article dialog (POST api/article), one `useApiForm` over the contract's articleCreate: the
 * title's and the content's errors under them in the user's language, others in kb-create-error.
 * Test ids: kb-create-modal, kb-create-title, kb-create-submit, kb-create-content-error, kb-create-error.
 */
function CreateModal({ kind, parent, onClose }: { kind: 'folder' | 'article'; parent: string | null; onClose: () => void }) {
  const { t } = kbText.useT();
  const qc = useQueryClient();
  const nav = useNavigate();
  const notifier = useNotifier();
  const [media, setMedia] = useState<Record<string, { key: string; fileName: string; mimetype: string }>>({});
  const bodyOf = (v: { title: string; content: string }) => {
    const attachments = mediaKeys(v.content).flatMap((k) => (media[k] ? [media[k]] : []));
    return { type: kind, section: 'kb' as const, title: v.title, content: kind === 'article' ? v.content : null, parent, attachments };
  };
  const schema = useMemo(
    () =>
      z.preprocess((v) => bodyOf(v as { title: string; content: string }), articleCreate) as unknown as z.ZodType<
        Record<string, unknown>,
        { title: string; content: string }
      >,
    [kind, parent, media],
  );
  const form = useApiForm({
    schema,
    defaultValues: { title: '', content: '' },
    serverField: (f) => (f === 'title' || f === 'content' ? f : null),
    onSubmit: async () => {
      const a = await createArticle(bodyOf(form.getValues()));
      await qc.invalidateQueries({ queryKey: kbKeys.all });
      notifier.toast(t('created'));
      onClose();
      if (kind === 'article') void nav(`/article/${a._id}`);
    },
  });
  const busy = form.busy;
  return (
    <Modal
      open
      title={kind === 'folder' ? t('newFolder') : t('newArticle')}
      onClose={onClose}
      width={kind === 'folder' ? 480 : 860}
      testId="kb-create-modal"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="kb-create-form" loading={busy} data-testid="kb-create-submit">
            {t('create')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="kb-create-form" errorTestId="kb-create-error">
        <Input label={t('title')} id="kb-create-title" data-testid="kb-create-title" {...form.field('title')} required />
        {kind === 'article' ? (
          <div className="ui-field">
            <span className="ui-field__label ui-field__label--required">{t('content')}</span>
            <RichEditor
              value=""
              onChange={(html) => form.setValue('content', html, { shouldDirty: true })}
              onUploaded={(f) => setMedia((m) => ({ ...m, [f.key]: { key: f.key, fileName: f.fileName, mimetype: f.mimetype } }))}
              testId="kb-create-editor"
            />
            {form.errorOf('content') ? (
              <div className="ui-field__error" role="alert" data-testid="kb-create-content-error">
                {form.errorOf('content')}
              </div>
            ) : null}
          </div>
        ) : null}
      </ApiFormView>
    </Modal>
  );
}

/** Search results as you type (access_for?search=), with highlighted title and snippet. Test ids: kb-search-results, kb-hit-<id>. */
function SearchResults({ search }: { search: string }) {
  const { t } = kbText.useT();
  const { clientId, uid } = useKb();
  const q = useArticleList(clientId, uid, { search, section: 'kb', limit: 50 });
  if (q.isLoading) return <Loader label={t('searching')} />;
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const hits = q.data ?? [];
  if (!hits.length) return <EmptyState title={t('noResults')} testId="kb-search-empty" />;
  return (
    <ul className="kb-hits" data-testid="kb-search-results">
      {hits.map((h) => (
        <li key={h._id} className="kb-hit" data-testid={`kb-hit-${h._id}`}>
          <Link to={href(h)} className="kb-hit__title" dangerouslySetInnerHTML={{ __html: h.titleHighlight || escapeHtml(h.title ?? '') }} />
          {h.snippet ? <div className="kb-hit__snippet" dangerouslySetInnerHTML={{ __html: h.snippet }} /> : null}
        </li>
      ))}
    </ul>
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function Tree() {
  const { t } = kbText.useT();
  const { parent } = useParams();
  const { clientId, uid, isAdmin } = useKb();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [search, setSearch] = useState('');
  const dsearch = useDebounced(search.trim(), 250);
  const [favs, setFavs] = useState(false);
  const [tag, setTag] = useState('');
  const [creating, setCreating] = useState<'folder' | 'article' | null>(null);
  const [deleting, setDeleting] = useState<ArticleListItem | null>(null);
  const [rights, setRights] = useState<{ id: string; title: string; grants: Grant[] } | null>(null);
  const [drag, setDrag] = useState<string | null>(null);

  const folder = useArticleQuery(parent);
  const tags = useKbTags(clientId);
  // A tag filter lists tagged items anywhere in the knowledge base (and within favourites when both are on).
  const list = useQuery(
    articleAccessForQueryOptions(clientId, uid, {
      parent: favs || tag ? undefined : parent,
      section: 'kb',
      favourites: favs ? true : undefined,
      tags: tag ? [tag] : undefined,
      limit: 1000,
    }),
  );
  const canWrite = isAdmin || folder.data?.access === 'write';

  const openRights = async (id: string, title: string) => {
    try {
      const a = await getArticle(id);
      setRights({ id, title, grants: a.grants });
    } catch (e) {
      notifier.error(errorText(e));
    }
  };

  const reorder = async (from: string, to: string) => {
    if (from === to) return;
    try {
      await swapArticles(clientId!, from, to);
      await qc.invalidateQueries({ queryKey: kbKeys.all });
      notifier.toast(t('reordered'));
    } catch (e) {
      notifier.error(errorText(e));
    }
  };

  const error = (parent && folder.error) || list.error;
  const items = [...(list.data ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

  return (
    <section className="kb-page kb-layout" data-testid="articles-page">
      <KbTree current={parent} />
      <div className="kb-main">
        <Breadcrumbs id={parent} />
        {!parent ? <LinksPanel /> : null}
        <h1 className="ui-page-title">{parent ? (folder.data?.title ?? '…') : t('kb')}</h1>
        {!parent ? <AssistantPanel /> : null}
        <div className="ui-toolbar">
          <input
            className="ui-field__control kb-search"
            type="search"
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="kb-search"
          />
          <label className="ui-checkbox">
            <input type="checkbox" checked={favs} onChange={(e) => setFavs(e.target.checked)} data-testid="kb-favourites" />
            <span>{t('favourites')}</span>
          </label>
          {tags.data?.length ? (
            <select
              className="ui-field__control kb-tagfilter"
              aria-label={t('tagFilter')}
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              data-testid="kb-tag-filter"
            >
              <option value="">{t('allTags')}</option>
              {tags.data.map((x) => (
                <option key={x._id} value={x._id}>
                  #{x.name}
                </option>
              ))}
            </select>
          ) : null}
          <span className="ui-toolbar__spacer" />
          {canWrite && !error ? (
            <>
              <Button variant="secondary" onClick={() => setCreating('folder')} data-testid="kb-new-folder">
                {t('newFolder')}
              </Button>
              <Button onClick={() => setCreating('article')} data-testid="kb-new-article">
                {t('newArticle')}
              </Button>
            </>
          ) : null}
        </div>
        {dsearch ? (
          <SearchResults search={dsearch} />
        ) : error ? (
          <LoadError error={error} onRetry={() => void list.refetch()} />
        ) : list.isLoading ? (
          <Loader />
        ) : !items.length ? (
          <EmptyState title={tag ? t('noTagged') : favs ? t('emptyFavourites') : t('empty')} testId="kb-empty" />
        ) : (
          <>
            {canWrite && !favs && !tag ? <p className="kb-muted">{t('dragHint')}</p> : null}
            <ul className="kb-list" data-testid="kb-list">
              {items.map((a) => (
                <li
                  key={a._id}
                  className={`kb-row${drag === a._id ? ' kb-row--drag' : ''}`}
                  data-testid={`kb-row-${a._id}`}
                  data-title={a.title}
                  draggable={canWrite && !favs && !tag}
                  onDragStart={(e) => {
                    setDrag(a._id);
                    e.dataTransfer.setData('text/plain', a._id);
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragEnd={() => setDrag(null)}
                  onDragOver={(e) => {
                    if (drag) e.preventDefault();
                  }}
                  onDrop={(e) => {
                    e.preventDefault();
                    const from = e.dataTransfer.getData('text/plain') || drag;
                    setDrag(null);
                    if (from) void reorder(from, a._id);
                  }}
                >
                  <Icon name={a.type ?? 'article'} />
                  {a.type === 'file' && a.url ? (
                    <a href={a.url} download className="kb-row__title">
                      {a.title}
                    </a>
                  ) : (
                    <Link to={href(a)} className="kb-row__title" data-testid={`kb-open-${a._id}`}>
                      {a.title}
                    </Link>
                  )}
                  {a.grants?.length ? <span className="ui-badge">{t('restricted')}</span> : null}
                  {a.tags?.length ? (
                    <span className="kb-row__tags" data-testid={`kb-row-tags-${a._id}`}>
                      {a.tags.map((x) => (
                        <button
                          key={x._id}
                          type="button"
                          className="kb-chip"
                          style={x.color ? { borderColor: x.color } : undefined}
                          onClick={() => setTag(x._id)}
                          title={t('tagFilter')}
                        >
                          #{x.name}
                        </button>
                      ))}
                    </span>
                  ) : null}
                  <span className="kb-muted kb-row__type">{a.type ? t(`type.${a.type}`) : ''}</span>
                  <FavButton id={a._id} on={!!a.favourite} />
                  {a.access === 'write' || isAdmin ? (
                    <span className="kb-row__actions">
                      {a.type === 'folder' ? (
                        <Link to={`/article/${a._id}`} className="ui-btn ui-btn--small ui-btn--ghost" data-testid={`kb-edit-${a._id}`}>
                          {t('edit')}
                        </Link>
                      ) : null}
                      <Button size="small" variant="ghost" onClick={() => void openRights(a._id, a.title ?? '')} data-testid={`kb-rights-${a._id}`}>
                        {t('rights')}
                      </Button>
                      <Button size="small" variant="ghost" onClick={() => setDeleting(a)} data-testid={`kb-delete-${a._id}`}>
                        {t('delete')}
                      </Button>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {creating ? <CreateModal kind={creating} parent={parent ?? null} onClose={() => setCreating(null)} /> : null}
      {rights ? <GrantsModal open id={rights.id} title={rights.title} grants={rights.grants} onClose={() => setRights(null)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        message={t('deleteConfirm', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await deleteArticle(deleting!._id);
            setDeleting(null);
            await qc.invalidateQueries({ queryKey: kbKeys.all });
            notifier.toast(t('deleted'));
          } catch (e) {
            notifier.error(errorText(e));
            throw e;
          }
        }}
      />
    </section>
  );
}

/**
 * /articles/ and /articles/{parent} (§2): the readable folder level with breadcrumbs, search as you type with
 * highlighted snippets, favourites, create folder/article, drag-and-drop ordering, access rights and deep delete.
 * Test ids: articles-page, kb-search, kb-list, kb-row-<id>, kb-new-folder, kb-new-article, kb-no-access, kb-not-found.
 */
export default function ArticlesPage() {
  return (
    <NeedClient>
      <Tree />
    </NeedClient>
  );
}
