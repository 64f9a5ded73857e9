import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { kbText } from './locales.ts';
import { articleUpdate, kbRoutes, type Article, type TreeNode } from '@intranet/kb-contract';
import { z } from '@intranet/platform-contracts';
import { WidgetSlot } from '@intranet/web-session';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Badge, Button, ConfirmDialog, Input, Loader, ProgressBar, Select, useNotifier } from '@intranet/web-ui';
import { Breadcrumbs, FavButton } from './ArticlesPage.tsx';
import { addArticleFiles } from './api/article-add-files.ts';
import { deleteArticleFile } from './api/article-del-file.ts';
import { useFolderTree } from './api/article-full-tree.ts';
import { useArticleQuery } from './api/article-get.ts';
import { updateArticle } from './api/article-update.ts';
import { countArticleView } from './api/article-view.ts';
import { kbKeys } from './api/keys.ts';
import { attachTag } from './api/tag-attach.ts';
import { detachTag } from './api/tag-detach.ts';
import { errorText, LoadError, NeedClient, toRef, uploadFiles, useKb } from './common.tsx';
import { mediaKeys, RichEditor } from './Editor.tsx';
import { GrantsModal } from './GrantsModal.tsx';
import { Icon } from './icons.tsx';
import './kb.css';
import { formatDateTime } from '@intranet/web-i18n';

type Full = Omit<Article, 'snippet' | 'titleHighlight' | 'rank'>;

const size = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** Attached files with download links, add (with progress) and delete (writers). Test ids: kb-files, kb-file-<name>, kb-files-input, kb-files-progress. */
function Files({ a }: { a: Full }) {
  const { t } = kbText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [progress, setProgress] = useState<number | null>(null);
  const [del, setDel] = useState<{ _id: string; fileName: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const write = a.access === 'write';
  const add = async (files: File[]) => {
    setProgress(0);
    try {
      const up = await uploadFiles(files, 'kb', (p) => setProgress(p.percent));
      await addArticleFiles(a._id, up.map(toRef));
      await qc.invalidateQueries({ queryKey: kbKeys.article(a._id) });
    } catch (e) {
      notifier.error(errorText(e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <section className="kb-files" data-testid="kb-files">
      <h2>{t('files')}</h2>
      {a.files.length === 0 ? <p className="kb-muted">{t('noFiles')}</p> : null}
      <ul>
        {a.files.map((f) => (
          <li key={f._id} data-testid={`kb-file-${f.fileName}`}>
            <a href={f.url} download={f.fileName} target="_blank" rel="noreferrer" data-testid="kb-file-download">
              <Icon name="file" /> {f.fileName}
            </a>
            <span className="kb-muted"> · {size(f.size)}</span>
            <FavButton id={a._id} file={f._id} on={!!f.favourite} />
            {write ? (
              <Button size="tiny" variant="ghost" onClick={() => setDel(f)} data-testid={`kb-file-delete-${f._id}`}>
                {t('delete')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {write ? (
        <>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            data-testid="kb-files-input"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length) void add(files);
            }}
          />
          <Button variant="secondary" size="small" onClick={() => input.current?.click()} loading={progress !== null} data-testid="kb-files-add">
            {t('addFiles')}
          </Button>
          {progress !== null ? <ProgressBar value={progress} label={t('uploading', { percent: progress })} testId="kb-files-progress" /> : null}
        </>
      ) : null}
      <ConfirmDialog
        open={!!del}
        message={t('deleteFileConfirm', { name: del?.fileName ?? '' })}
        confirmLabel={t('delete')}
        onCancel={() => setDel(null)}
        onConfirm={async () => {
          try {
            await deleteArticleFile(a._id, del!._id);
            setDel(null);
            await qc.invalidateQueries({ queryKey: kbKeys.article(a._id) });
          } catch (e) {
            notifier.error(errorText(e));
            throw e;
          }
        }}
      />
    </section>
  );
}

/** The tag form's schema: the route's body (name rule of §5) over the typed name. */
const tagForm = z.preprocess((v) => ({ name: (v as { name: string }).name, module: 'kb' }), kbRoutes.tagAttach.body) as unknown as z.ZodType<
  { name?: string },
  { name: string }
>;

/**
 * Tags of the article; writers attach by name (found or created in module kb; a `useApiForm` whose server errors
 * are worded in the user's language under the input) and detach. Test ids: kb-tags, kb-tag-input, kb-tag-error.
 */
function Tags({ a }: { a: Full }) {
  const { t } = kbText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const write = a.access === 'write';
  const refresh = () => qc.invalidateQueries({ queryKey: kbKeys.all });
  const form = useApiForm({
    schema: tagForm,
    defaultValues: { name: '' },
    onSubmit: async ({ name }) => {
      await attachTag(a._id, name);
      form.reset({ name: '' });
      await refresh();
    },
  });
  return (
    <section className="kb-tags" data-testid="kb-tags">
      <span className="kb-muted">{t('tags')}: </span>
      {a.tags.length === 0 ? <span className="kb-muted">{t('noTags')}</span> : null}
      {a.tags.map((tag) => (
        <span key={tag._id} className="kb-chip" style={tag.color ? { borderColor: tag.color } : undefined} data-testid={`kb-tag-${tag.name}`}>
          #{tag.name}
          {write ? (
            <button
              type="button"
              aria-label={t('delete')}
              onClick={async () => {
                try {
                  await detachTag(tag._id, a._id);
                  await refresh();
                } catch (e) {
                  notifier.error(errorText(e));
                }
              }}
            >
              ×
            </button>
          ) : null}
        </span>
      ))}
      {write ? (
        <ApiFormView form={form} className="kb-inline" errorTestId="kb-tag-error">
          <input
            className="ui-field__control"
            placeholder={t('addTag')}
            aria-label={t('addTag')}
            {...form.register('name')}
            aria-invalid={form.errorOf('name') ? true : undefined}
            data-testid="kb-tag-input"
          />
          {form.errorOf('name') ? (
            <div className="ui-field__error" role="alert">
              {form.errorOf('name')}
            </div>
          ) : null}
        </ApiFormView>
      ) : null}
    </section>
  );
}

/**
 * Title, folder and rich-text editing (PUT api/article/{id}); inline images are sent as attachments. One `useApiForm`
 * over the contract's articleUpdate: errors under the title, folder and content in the user's language, others in
 * kb-edit-error.
 */
function EditForm({ a, onDone }: { a: Full; onDone: () => void }) {
  const { t } = kbText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const { clientId, isAdmin } = useKb();
  const tree = useFolderTree(clientId, a.section === 'kb');
  // Destinations: readable folders, minus the item itself and what is under it (the server refuses those too).
  const folders: { value: string; label: string }[] = [];
  const walk = (nodes: TreeNode[], depth: number) => {
    for (const n of nodes) {
      if (n._id === a._id) continue;
      folders.push({ value: n._id, label: `${'\u00a0\u00a0'.repeat(depth)}${n.title}` });
      walk(n.children ?? [], depth + 1);
    }
  };
  walk(tree.data ?? [], 0);
  const parentOptions = [
    ...(isAdmin || !a.parent ? [{ value: '', label: t('rootFolder') }] : []),
    ...(a.parent && !folders.some((f) => f.value === a.parent) ? [{ value: a.parent, label: '…' }] : []),
    ...folders,
  ];
  const [media, setMedia] = useState<Record<string, { key: string; fileName: string; mimetype: string }>>(() =>
    Object.fromEntries(a.attachments.map((f) => [f.key, { key: f.key, fileName: f.fileName, mimetype: f.mimetype }])),
  );
  type EditValues = { title: string; content: string; parent: string };
  const bodyOf = (v: EditValues) => {
    const attachments = mediaKeys(v.content).flatMap((k) => (media[k] ? [media[k]] : []));
    const moved = (v.parent || null) !== (a.parent ?? null);
    return {
      title: v.title,
      content: a.type === 'folder' || a.type === 'file' ? undefined : v.content,
      attachments: a.type === 'file' ? undefined : attachments,
      ...(moved ? { parent: v.parent || null } : {}),
    };
  };
  const schema = useMemo(
    () => z.preprocess((v) => bodyOf(v as EditValues), articleUpdate) as unknown as z.ZodType<Record<string, unknown>, EditValues>,
    // bodyOf reads `media` and the article
    [media, a],
  );
  const form = useApiForm({
    schema,
    defaultValues: { title: a.title, content: a.content ?? '', parent: a.parent ?? '' },
    serverField: (f) => (f === 'title' || f === 'content' || f === 'parent' ? f : null),
    onSubmit: async () => {
      await updateArticle(a._id, bodyOf(form.getValues()));
      await qc.invalidateQueries({ queryKey: kbKeys.all });
      notifier.toast(t('saved'));
      onDone();
    },
  });
  const busy = form.busy;
  return (
    <ApiFormView form={form} className="kb-edit" data-testid="kb-edit" errorTestId="kb-edit-error">
      <Input label={t('title')} id="kb-edit-title" {...form.field('title')} required />
      {a.section === 'kb' ? (
        <Select
          label={t('parent')}
          id="kb-edit-parent"
          data-testid="kb-edit-parent"
          {...form.field('parent')}
          options={parentOptions}
          disabled={tree.isLoading}
        />
      ) : null}
      {a.type !== 'folder' ? (
        <div className="ui-field">
          <span className="ui-field__label ui-field__label--required">{t('content')}</span>
          <RichEditor
            value={a.content ?? ''}
            onChange={(html) => form.setValue('content', html, { shouldDirty: true })}
            onUploaded={(f) => setMedia((m) => ({ ...m, [f.key]: { key: f.key, fileName: f.fileName, mimetype: f.mimetype } }))}
            testId="kb-edit-editor"
          />
          {form.errorOf('content') ? (
            <div className="ui-field__error" role="alert">
              {form.errorOf('content')}
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="ui-toolbar">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={busy} data-testid="kb-edit-save">
          {t('save')}
        </Button>
      </div>
    </ApiFormView>
  );
}

/** Loads an article (403 'No access', 404 not found) and counts one view per user. */
export function useArticle(id: string | undefined) {
  const { uid } = useKb();
  const q = useArticleQuery(id, { retry: false });
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!q.data || !uid || counted.current === q.data._id || q.data.viewed) return;
    counted.current = q.data._id;
    // §8: article view errors are swallowed.
    countArticleView(q.data._id, uid).catch(() => undefined);
  }, [q.data, uid]);
  return q;
}

function View() {
  const { t } = kbText.useT();
  const { id } = useParams();
  const q = useArticle(id);
  const [editing, setEditing] = useState(false);
  const [rights, setRights] = useState(false);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) {
    return (
      <section className="kb-page" data-testid="article-page">
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      </section>
    );
  }
  const a = q.data;
  const write = a.access === 'write';
  return (
    <section className="kb-page" data-testid="article-page">
      <Breadcrumbs id={a._id} />
      <div className="kb-head">
        <h1 className="ui-page-title" data-testid="article-title">
          {a.title}
        </h1>
        <FavButton id={a._id} on={a.favourite} />
        {a.grants.length ? <Badge>{t('restricted')}</Badge> : null}
        <span className="ui-toolbar__spacer" />
        {a.type === 'folder' ? <Link to={`/articles/${a._id}`}>{t('type.folder')} →</Link> : null}
        {write && !editing ? (
          <>
            <Button variant="secondary" size="small" onClick={() => setRights(true)} data-testid="kb-article-rights">
              {t('rights')}
            </Button>
            <Button size="small" onClick={() => setEditing(true)} data-testid="kb-article-edit">
              {t('edit')}
            </Button>
          </>
        ) : null}
      </div>
      <p className="kb-muted">
        {t('views', { count: a.views })} · {formatDateTime(a.updated)}
      </p>
      <Tags a={a} />
      {editing ? (
        <EditForm a={a} onDone={() => setEditing(false)} />
      ) : (
        // Sanitised by the server (sanitize-html allow-list).
        <div className="kb-content" data-testid="article-content" dangerouslySetInnerHTML={{ __html: a.content ?? '' }} />
      )}
      {a.type === 'file' && a.file ? (
        <p>
          <a href={a.file.url} download={a.file.fileName}>
            {t('download')} {a.file.fileName}
          </a>
        </p>
      ) : null}
      <Files a={a} />
      {/* Other modules' parts of an article page (the services that name it: bp/ArticleServices). */}
      <WidgetSlot name="kb:article" props={{ articleId: a._id }} />
      {rights ? <GrantsModal open id={a._id} title={a.title} grants={a.grants} onClose={() => setRights(false)} /> : null}
    </section>
  );
}

/**
 * /article/{_id} (§2): content, tags, attachments with download and upload progress, editor and access rights for
 * writers, favourite flag; counts a view. Test ids: article-page, article-title, article-content, kb-files.
 */
export default function ArticlePage() {
  return (
    <NeedClient>
      <View />
    </NeedClient>
  );
}
