import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { kbText } from './locales.ts';
import { linkInput } from '@intranet/kb-contract';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, Checkbox, ConfirmDialog, Input, useNotifier } from '@intranet/web-ui';
import { kbKeys } from './api/keys.ts';
import { addLink } from './api/links-add.ts';
import { deleteLink } from './api/links-delete.ts';
import { useLinkBlocks } from './api/links-list.ts';
import { toggleLinksBlock } from './api/links-toggle.ts';
import { updateLink } from './api/links-update.ts';
import { errorText, useKb } from './common.tsx';

const BLOCK = 'main';

/**
 * Add or edit one link (§5: title and valid url), a `useApiForm` over the contract's `linkInput`: 'Invalid URL' and
 * the like under their field, other server errors above the form, in the user's language. `onSave` gets the parsed
 * (trimmed) link and throws the ApiError on failure. Test ids: <testId>-title, <testId>-url, <testId>-save.
 */
function LinkForm({
  init,
  onSave,
  onCancel,
  testId,
}: {
  init: { title: string; url: string };
  onSave: (v: { title: string; url: string }) => Promise<void>;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = kbText.useT();
  const form = useApiForm({
    schema: linkInput,
    defaultValues: init,
    onSubmit: async (v) => {
      await onSave(v);
      form.reset(init);
    },
  });
  return (
    <ApiFormView form={form} className="kb-linkform" data-testid={testId} errorTestId={`${testId}-error`}>
      <Input label={t('links.linkTitle')} {...form.field('title')} required data-testid={`${testId}-title`} />
      <Input label={t('links.url')} type="url" placeholder="https://" {...form.field('url')} required data-testid={`${testId}-url`} />
      <Button type="submit" size="small" loading={form.busy} data-testid={`${testId}-save`}>
        {onCancel ? t('save') : t('links.add')}
      </Button>
      {onCancel ? (
        <Button variant="secondary" size="small" onClick={onCancel} disabled={form.busy}>
          {t('cancel')}
        </Button>
      ) : (
        <span />
      )}
    </ApiFormView>
  );
}

/**
 * The knowledge base's links block (§7 Link blocks, module kb, place 'main'): everyone sees it when shown and not
 * empty; administrators show/hide it and add, edit and delete links (§5 Link). Test ids: kb-links, kb-links-toggle,
 * kb-link-<id>, kb-link-edit-<id>, kb-link-delete-<id>, kb-link-add (form).
 */
export function LinksPanel() {
  const { t } = kbText.useT();
  const { clientId, isAdmin } = useKb();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const q = useLinkBlocks(clientId);
  const [editing, setEditing] = useState<string | null>(null);
  // The toggle shows the wanted state at once and the stored one after the refetch.
  const [toggling, setToggling] = useState<boolean | null>(null);
  const [deleting, setDeleting] = useState<{ _id: string; title: string } | null>(null);
  const block = q.data?.find((b) => b.block_id === BLOCK);
  const refresh = () => qc.invalidateQueries({ queryKey: kbKeys.links() });
  /** The block's id, created (hidden until shown) on the administrator's first link. */
  const ensureBlock = async () => block?._id ?? (await toggleLinksBlock({ module: 'kb', block_id: BLOCK, active: false }))._id;

  if (q.isLoading) return null;
  if (q.error)
    return isAdmin ? (
      <p className="kb-muted" role="alert" data-testid="kb-links-error">
        {t('links.loadError')}
      </p>
    ) : null;
  if (!isAdmin && (!block || !block.active || !block.links.length)) return null;
  const links = block?.links ?? [];
  return (
    <section className="kb-linkblock" data-testid="kb-links" aria-label={t('links.title')}>
      <div className="kb-linkblock__head">
        <strong>{block?.title || t('links.title')}</strong>
        {isAdmin ? (
          <>
            <Checkbox
              label={t('links.show')}
              checked={toggling ?? !!block?.active}
              disabled={toggling !== null}
              data-testid="kb-links-toggle"
              onChange={async (e) => {
                const active = e.target.checked;
                setToggling(active);
                try {
                  await toggleLinksBlock({ module: 'kb', block_id: BLOCK, active });
                  await refresh();
                } catch (err) {
                  notifier.error(errorText(err));
                } finally {
                  setToggling(null);
                }
              }}
            />
            {!(toggling ?? block?.active) ? <span className="kb-muted">{t('links.hidden')}</span> : null}
          </>
        ) : null}
      </div>
      {links.length ? (
        <ul>
          {links.map((l) =>
            editing === l._id ? (
              <li key={l._id}>
                <LinkForm
                  testId={`kb-link-form-${l._id}`}
                  init={{ title: l.title, url: l.url }}
                  onCancel={() => setEditing(null)}
                  onSave={async (v) => {
                    await updateLink(block!._id, { _id: l._id, ...v });
                    setEditing(null);
                    await refresh();
                    notifier.toast(t('links.saved'));
                  }}
                />
              </li>
            ) : (
              <li key={l._id} data-testid={`kb-link-${l._id}`} data-title={l.title}>
                <a href={l.url} target="_blank" rel="noreferrer noopener">
                  {l.title}
                </a>
                {isAdmin ? (
                  <>
                    <Button size="tiny" variant="ghost" onClick={() => setEditing(l._id)} data-testid={`kb-link-edit-${l._id}`}>
                      {t('links.edit')}
                    </Button>
                    <Button size="tiny" variant="ghost" onClick={() => setDeleting(l)} data-testid={`kb-link-delete-${l._id}`}>
                      {t('links.delete')}
                    </Button>
                  </>
                ) : null}
              </li>
            ),
          )}
        </ul>
      ) : (
        <p className="kb-muted" data-testid="kb-links-empty">
          {t('links.empty')}
        </p>
      )}
      {isAdmin ? (
        <LinkForm
          testId="kb-link-add"
          init={{ title: '', url: '' }}
          onSave={async (v) => {
            const id = await ensureBlock();
            await addLink(id, v);
            await refresh();
            notifier.toast(t('links.saved'));
          }}
        />
      ) : null}
      <ConfirmDialog
        open={!!deleting}
        message={t('links.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmLabel={t('links.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await deleteLink(block!._id, deleting!._id);
            setDeleting(null);
            await refresh();
            notifier.toast(t('links.deleted'));
          } catch (err) {
            notifier.error(errorText(err));
            throw err;
          }
        }}
      />
    </section>
  );
}
