import { useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '@intranet/files-contract';
import { FILE_LIMITS } from '@intranet/platform-contracts';
import { MAX_ATTACHMENTS, socialRoutes } from '@intranet/social-contract';
import { call, isApiError } from '@intranet/web-api';
import { useDraft, useSession } from '@intranet/web-session';
import { Alert, Button, Input, useNotifier } from '@intranet/web-ui';
import { liveMentions, MentionTextArea } from './mentions.tsx';
import { prependPost, usePeople } from './queries.ts';
import { escapeHtml, toHtml, type Person } from './text.ts';
import { attachmentOf, UploadProgress, useUpload } from './upload.tsx';

/** People suggestions from the address book after 2 typed characters. */
function Suggestions({ query, onPick, testId }: { query: string; onPick: (p: Person) => void; testId: string }) {
  const { workspace, uid } = useSession();
  const q = usePeople(workspace, query, 1, 8, query.length >= 2);
  if (query.length < 2 || !q.data) return null;
  const users = q.data.users.filter((u) => u._id !== uid);
  if (users.length === 0) return null;
  return (
    <ul className="wall-suggest__list" data-testid={testId}>
      {users.map((u) => (
        <li key={u._id}>
          <button type="button" onMouseDown={(e) => { e.preventDefault(); onPick({ id: u._id, name: u.fullName }); }} data-testid={`${testId}-${u._id}`}>
            {u.fullName}{u.position ? <span className="wall-muted"> · {u.position}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** What the post composer keeps as a draft. */
interface PostDraft {
  mode: 'post' | 'thanks';
  text: string;
  mentions: Person[];
  to: Person | null;
}
const EMPTY_DRAFT: PostDraft = { mode: 'post', text: '', mentions: [], to: null };

/**
 * The post form of the wall: a post (text, @mentions, images and files) or a thank-you post to one colleague.
 * Uploads go to POST api/upload?kind=post with a progress bar; §5 errors come from the server's field errors.
 */
export function PostForm() {
  const { t } = useTranslation('wall');
  const qc = useQueryClient();
  const notify = useNotifier();
  const { client } = useSession();
  // The composer is a draft kept per user (issue 8 §4): an expired session or a reload loses nothing.
  const [draft, setDraft, clearDraft] = useDraft<PostDraft>('wall:post', EMPTY_DRAFT, (d) => !d.text.trim() && !d.to);
  const { mode, text, mentions, to } = draft;
  const setMode = (m: 'post' | 'thanks') => setDraft((d) => ({ ...d, mode: m }));
  const setText = (v: string) => setDraft((d) => ({ ...d, text: v }));
  const setTo = (p: Person | null) => setDraft((d) => ({ ...d, to: p }));
  const [toQuery, setToQuery] = useState('');
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const up = useUpload('post', FILE_LIMITS.post);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const pickMention = (p: Person) => setDraft((d) => ({ ...d, mentions: d.mentions.some((x) => x.id === p.id) ? d.mentions : [...d.mentions, p] }));

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const list = [...(e.target.files ?? [])];
    e.target.value = '';
    setErrors((x) => ({ ...x, attachments: '' }));
    if (files.length + list.length > MAX_ATTACHMENTS) return;
    try {
      const stored = await up.start(list);
      setFiles((x) => [...x, ...stored]);
    } catch (err) {
      setErrors((x) => ({ ...x, attachments: err instanceof Error ? err.message : String(err) }));
    }
  };

  const create = useMutation({
    mutationFn: () => {
      const ments = mode === 'thanks' ? (to ? [to] : []) : liveMentions(text, mentions);
      return call(socialRoutes.create, {
        body: {
          type: mode,
          message: mode === 'thanks' ? escapeHtml(text.trim()).replace(/\n/g, '<br>') : toHtml(text, ments),
          parent: { type: 'company' },
          mentions: ments.map((m) => m.id),
          attachments: files.map(attachmentOf),
        },
        silent: true,
      });
    },
    onSuccess: (post) => {
      if (client) prependPost(qc, client._id, post);
      clearDraft(); setToQuery(''); setFiles([]); setErrors({}); setFormError(null);
      notify.toast(t('form.published'), 'success');
    },
    onError: (e) => {
      if (isApiError(e) && e.errors?.length) {
        const fe = e.fieldErrors();
        const mapped: Record<string, string> = {};
        for (const [k, v] of Object.entries(fe)) mapped[k.startsWith('attachments') ? 'attachments' : k.startsWith('mentions') ? 'mentions' : k] = v;
        setErrors(mapped);
        setFormError(mapped.message || mapped.mentions || mapped.attachments ? null : e.message);
      } else setFormError(isApiError(e) ? e.message : String(e));
    },
  });

  const switchMode = (m: 'post' | 'thanks') => {
    setMode(m);
    setErrors({});
    setFormError(null);
  };

  return (
    <form className="wall-card" data-testid="post-form" onSubmit={(e) => { e.preventDefault(); setErrors({}); setFormError(null); create.mutate(); }}>
      <div className="ui-tabs" role="tablist" style={{ marginBottom: 10 }}>
        <button type="button" role="tab" className="ui-tab" aria-selected={mode === 'post'} onClick={() => switchMode('post')} data-testid="post-mode-post">{t('form.post')}</button>
        <button type="button" role="tab" className="ui-tab" aria-selected={mode === 'thanks'} onClick={() => switchMode('thanks')} data-testid="post-mode-thanks">{t('form.thanks')}</button>
      </div>
      {mode === 'thanks' ? (
        <div className="wall-suggest">
          {to ? (
            <div className="wall-chips" data-testid="thanks-to-chip">
              🙏 {to.name} <Button size="tiny" variant="ghost" onClick={() => setTo(null)} data-testid="thanks-to-clear">×</Button>
            </div>
          ) : (
            <Input id="thanks-to" label={t('form.to')} placeholder={t('form.toPlaceholder')} value={toQuery} onChange={(e) => setToQuery(e.target.value)} error={errors.mentions || null} data-testid="thanks-to" autoComplete="off" />
          )}
          {!to ? <Suggestions query={toQuery.trim()} onPick={(p) => { setTo(p); setToQuery(''); }} testId="thanks-suggest" /> : null}
          {to && errors.mentions ? <div className="ui-field__error" role="alert">{errors.mentions}</div> : null}
        </div>
      ) : null}
      <div className="wall-suggest">
        <MentionTextArea
          id="post-message"
          label={t('form.message')}
          placeholder={mode === 'thanks' ? t('form.thanksPlaceholder') : t('form.placeholder')}
          rows={3}
          value={text}
          onChange={setText}
          onMention={pickMention}
          enabled={mode === 'post'}
          error={errors.message || null}
          testId="post-message"
          suggestTestId="mention-suggest"
        />
      </div>
      {mode === 'post' && mentions.length ? (
        <div className="wall-chips wall-muted" data-testid="post-mentions">{liveMentions(text, mentions).map((m) => <span key={m.id}>@{m.name}</span>)}</div>
      ) : null}
      {files.length ? (
        <ul className="wall-files" data-testid="post-form-files">
          {files.map((f) => (
            <li key={f.key}>
              {f.thumb ? <img src={f.thumb} alt="" style={{ height: 32, verticalAlign: 'middle', marginRight: 6 }} /> : '📎 '}
              {f.fileName}{' '}
              <Button size="tiny" variant="ghost" onClick={() => setFiles((x) => x.filter((y) => y.key !== f.key))}>{t('form.remove')}</Button>
            </li>
          ))}
        </ul>
      ) : null}
      <UploadProgress progress={up.progress} uploading={up.uploading} testId="upload-progress" />
      {errors.attachments ? <Alert testId="post-file-error">{errors.attachments}</Alert> : null}
      {formError ? <Alert testId="post-form-error">{formError}</Alert> : null}
      <div className="wall-row" style={{ justifyContent: 'space-between', marginTop: 8 }}>
        <label className="ui-btn ui-btn--small ui-btn--secondary">
          📎 {t('form.attach')}
          <input type="file" multiple hidden onChange={(e) => void onFiles(e)} data-testid="post-file-input" />
        </label>
        <Button type="submit" loading={create.isPending} disabled={up.uploading} data-testid="post-submit">{t('form.submit')}</Button>
      </div>
    </form>
  );
}
