import { useMemo, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { wallText } from './locales.ts';
import type { UploadedFile } from '@intranet/files-contract';
import { FILE_LIMITS, z } from '@intranet/platform-contracts';
import { createPostBody, MAX_ATTACHMENTS } from '@intranet/social-contract';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { useDraft, useSession } from '@intranet/web-session';
import { Alert, Button, useNotifier } from '@intranet/web-ui';
import { Combobox } from '@intranet/web-ui/widgets';
import { liveMentions, MentionTextArea } from './mentions.tsx';
import { prependGroupPost, prependPost } from './api/cache.ts';
import { usePeople } from './api/people-filter.ts';
import { createPost } from './api/post-create.ts';
import { escapeHtml, toHtml, type Person } from './text.ts';
import { attachmentOf, UploadProgress, useUpload } from './upload.tsx';

/**
 * The colleague a thank-you post is for: the kit's Combobox searching the address book after 2 typed characters
 * (↑/↓, Enter, Escape, or the mouse). Test ids: thanks-to (input), thanks-suggest (list), thanks-suggest-<userId>.
 */
function ThanksTo({ label, placeholder, error, onPick }: { label: string; placeholder: string; error?: string; onPick: (p: Person) => void }) {
  const { t } = wallText.useT();
  const { workspace, uid } = useSession();
  const [query, setQuery] = useState('');
  const q = query.trim();
  const people = usePeople(workspace, q, 1, 8, q.length >= 2);
  const users = q.length >= 2 ? (people.data?.users ?? []).filter((u) => u._id !== uid) : [];
  return (
    <div className="ui-field">
      <label htmlFor="thanks-to" className="ui-field__label">
        {label}
      </label>
      <Combobox
        id="thanks-to"
        value={query}
        onChange={setQuery}
        placeholder={placeholder}
        options={users.map((u) => ({ value: u._id, label: u.fullName, detail: u.position || undefined }))}
        onSelect={(o) => {
          const u = users.find((x) => x._id === o.value);
          if (u) onPick({ id: u._id, name: u.fullName });
          setQuery('');
        }}
        listLabel={t('common:suggestions')}
        listTestId="thanks-suggest"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'thanks-to-error' : undefined}
        data-testid="thanks-to"
      />
      {error ? (
        <div id="thanks-to-error" className="ui-field__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
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
 * Uploads go to POST api/upload?kind=post with a progress bar. One `useApiForm` over the contract's createPostBody
 * (fed by the draft): the message's, the person's and the files' errors — the schema's and the server's §5 field
 * errors — next to them in the user's language; others in post-form-error.
 */
export function PostForm({ group }: { group?: string } = {}) {
  const { t } = wallText.useT();
  const qc = useQueryClient();
  const notify = useNotifier();
  const { client } = useSession();
  // The composer is a draft kept per user (issue 8 §4): an expired session or a reload loses nothing.
  const [draft, setDraft, clearDraft] = useDraft<PostDraft>(group ? `wall:post:group:${group}` : 'wall:post', EMPTY_DRAFT, (d) => !d.text.trim() && !d.to);
  const { mode, text, mentions, to } = draft;
  const setMode = (m: 'post' | 'thanks') => setDraft((d) => ({ ...d, mode: m }));
  const setText = (v: string) => setDraft((d) => ({ ...d, text: v }));
  const setTo = (p: Person | null) => setDraft((d) => ({ ...d, to: p }));
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const up = useUpload('post', FILE_LIMITS.post);

  const pickMention = (p: Person) => setDraft((d) => ({ ...d, mentions: d.mentions.some((x) => x.id === p.id) ? d.mentions : [...d.mentions, p] }));

  /** The POST api/post body of the draft and the attached files. */
  const bodyOf = (d: PostDraft, attached: UploadedFile[]) => {
    const ments = d.mode === 'thanks' ? (d.to ? [d.to] : []) : liveMentions(d.text, d.mentions);
    return {
      type: d.mode,
      message: d.mode === 'thanks' ? escapeHtml(d.text.trim()).replace(/\n/g, '<br>') : toHtml(d.text, ments),
      parent: group ? { type: 'group' as const, id: group } : { type: 'company' as const },
      mentions: ments.map((m) => m.id),
      attachments: attached.map(attachmentOf),
    };
  };
  // The draft is the form's state (kept across reloads); the contract's createPostBody checks the body it makes.
  const schema = useMemo(
    () => z.preprocess((d) => bodyOf(d as PostDraft, files), createPostBody) as unknown as z.ZodType<Record<string, unknown>, PostDraft>,
    [files, group],
  );
  const form = useApiForm({
    schema,
    defaultValues: EMPTY_DRAFT,
    values: draft,
    // Field errors of the body: the message, the person (mentions.*) and the files (attachments.*).
    serverField: (f) => (f.startsWith('attachments') ? 'attachments' : f.startsWith('mentions') ? 'mentions' : f === 'message' ? 'message' : null),
    onSubmit: async () => {
      const post = await createPost(bodyOf(draft, files));
      if (group) prependGroupPost(qc, group, post);
      else if (client) prependPost(qc, client._id, post);
      clearDraft();
      setFiles([]);
      form.clearErrors();
      notify.toast(t('form.published'), 'success');
    },
  });
  // Errors are keyed by the body's fields (message, mentions, attachments), not by the draft's.
  const errorOf = (k: 'message' | 'mentions' | 'attachments') => form.errorOf(k as never);

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const list = [...(e.target.files ?? [])];
    e.target.value = '';
    form.clearErrors('attachments' as never);
    if (files.length + list.length > MAX_ATTACHMENTS) return;
    try {
      const stored = await up.start(list);
      setFiles((x) => [...x, ...stored]);
    } catch (err) {
      form.setError('attachments' as never, { type: 'server', message: errorText(err) });
    }
  };

  const switchMode = (m: 'post' | 'thanks') => {
    setMode(m);
    form.clearErrors();
    form.setFormError(null);
  };

  return (
    <ApiFormView form={form} errorTestId="post-form-error" className="wall-card" data-testid="post-form">
      <div className="ui-tabs" role="tablist" style={{ marginBottom: 10 }}>
        <button type="button" role="tab" className="ui-tab" aria-selected={mode === 'post'} onClick={() => switchMode('post')} data-testid="post-mode-post">
          {t('form.post')}
        </button>
        <button
          type="button"
          role="tab"
          className="ui-tab"
          aria-selected={mode === 'thanks'}
          onClick={() => switchMode('thanks')}
          data-testid="post-mode-thanks"
        >
          {t('form.thanks')}
        </button>
      </div>
      {mode === 'thanks' ? (
        <div className="wall-suggest">
          {to ? (
            <div className="wall-chips" data-testid="thanks-to-chip">
              🙏 {to.name}{' '}
              <Button size="tiny" variant="ghost" onClick={() => setTo(null)} data-testid="thanks-to-clear">
                ×
              </Button>
            </div>
          ) : (
            <ThanksTo label={t('form.to')} placeholder={t('form.toPlaceholder')} error={errorOf('mentions')} onPick={setTo} />
          )}
          {to && errorOf('mentions') ? (
            <div className="ui-field__error" role="alert">
              {errorOf('mentions')}
            </div>
          ) : null}
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
          error={errorOf('message') ?? null}
          testId="post-message"
          suggestTestId="mention-suggest"
        />
      </div>
      {mode === 'post' && mentions.length ? (
        <div className="wall-chips wall-muted" data-testid="post-mentions">
          {liveMentions(text, mentions).map((m) => (
            <span key={m.id}>@{m.name}</span>
          ))}
        </div>
      ) : null}
      {files.length ? (
        <ul className="wall-files" data-testid="post-form-files">
          {files.map((f) => (
            <li key={f.key}>
              {f.thumb ? <img src={f.thumb} alt="" style={{ height: 32, verticalAlign: 'middle', marginRight: 6 }} /> : '📎 '}
              {f.fileName}{' '}
              <Button size="tiny" variant="ghost" onClick={() => setFiles((x) => x.filter((y) => y.key !== f.key))}>
                {t('form.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <UploadProgress progress={up.progress} uploading={up.uploading} testId="upload-progress" />
      {errorOf('attachments') ? <Alert testId="post-file-error">{errorOf('attachments')}</Alert> : null}
      <div className="wall-row" style={{ justifyContent: 'space-between', marginTop: 8 }}>
        <label className="ui-btn ui-btn--small ui-btn--secondary">
          📎 {t('form.attach')}
          <input type="file" multiple hidden onChange={(e) => void onFiles(e)} data-testid="post-file-input" />
        </label>
        <Button type="submit" loading={form.busy} disabled={up.uploading} data-testid="post-submit">
          {t('form.submit')}
        </Button>
      </div>
    </ApiFormView>
  );
}
