import { lazy, Suspense, type ComponentType, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_CONTENT_MAX, CHAT_FILE_LIMIT, chatRoutes, type ChatMessage } from '@intranet/chat-contract';
import { z } from '@intranet/platform-contracts';
import { useApiForm } from '@intranet/web-forms';
import { CodedFailure, errorText, formatSize } from '@intranet/web-i18n';
import { Alert, Button, Loader, ProgressBar } from '@intranet/web-ui';
import { uploadChatFile } from './api/file-upload.ts';
import { sendMessage } from './api/msg-create.ts';
import { editMessage } from './api/msg-update.ts';
import { sendTyping } from './api/room-typing.ts';
import { chatText } from './locales.ts';
import { htmlToText, textToHtml } from './text.ts';

/** emoji-picker-react, fetched on first use (its data is large). */
const EmojiPicker = lazy(() =>
  import('emoji-picker-react').then((m) => ({
    default: m.default as unknown as ComponentType<{
      emojiStyle: string;
      lazyLoadEmojis: boolean;
      width: string;
      height: number;
      previewConfig: { showPreview: boolean };
      onEmojiClick: (e: { emoji: string }) => void;
    }>,
  })),
);

/** How often the composer tells the others the caller is typing. */
const TYPING_SEND_MS = 3000;
/** §7 Upload: the progress bar hides 1.5 s after the upload finished. */
const PROGRESS_HIDE_MS = 1500;
/** The counter shows from this share of the limit on (a short message needs no counter). */
const COUNTER_FROM = 0.8;

/** A file chosen for the next message: shown as a chip (a thumbnail for an image) until sent or removed. */
type Chosen = { file: File; preview: string | null };

/**
 * The composer's values: the typed text as `content`, turned into the HTML the server stores (trimmed, escaped,
 * line breaks as <br>) and checked by the contract's own rule for a message's content (`CHAT_CONTENT_MAX`).
 */
const composerSchema = z.object({
  content: z.preprocess((text: string) => textToHtml((text ?? '').trim()), chatRoutes.msgUpdate.body.shape.content),
});

/**
 * The composer: text (Enter sends, Shift+Enter breaks the line), emoji, a chosen file shown as a chip with a
 * thumbnail and a remove button (uploaded with progress when the message is sent), typing signal, edit mode.
 * The content's length is what the server counts (the escaped HTML, `CHAT_CONTENT_MAX`): a counter shows it
 * near the limit, and a longer text is refused with the limit's wording — never cut.
 */
export function Composer({
  roomId,
  onSent,
  editing,
  onEditDone,
}: {
  roomId: string;
  onSent: (m: ChatMessage) => void;
  editing: ChatMessage | null;
  onEditDone: () => void;
}) {
  const { t, i18n } = chatText.useT();
  const [emoji, setEmoji] = useState(false);
  const [progress, setProgress] = useState<{ value: number; done: boolean } | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const hide = useRef<ReturnType<typeof setTimeout> | null>(null);
  const counterId = useId();
  useEffect(() => () => void (hide.current && clearTimeout(hide.current)), []);
  // A thumbnail's object URL lives as long as its chip.
  useEffect(() => () => void (chosen?.preview && URL.revokeObjectURL(chosen.preview)), [chosen]);

  const signalTyping = (on: boolean) => {
    const now = Date.now();
    if (on && now - lastTyping.current < TYPING_SEND_MS) return;
    lastTyping.current = on ? now : 0;
    sendTyping(roomId, on);
  };

  /** Uploads the chosen file with progress (the bar hides PROGRESS_HIDE_MS after); the message body's `file`. */
  const uploadChosen = async (f: File) => {
    if (hide.current) clearTimeout(hide.current);
    setProgress({ value: 0, done: false });
    try {
      const file = await uploadChatFile(f, (percent) => setProgress({ value: percent, done: false }));
      setProgress({ value: 100, done: true });
      return file;
    } finally {
      hide.current = setTimeout(() => setProgress(null), PROGRESS_HIDE_MS);
    }
  };

  // Every server field error (content, file) is the composer's one error line.
  const form = useApiForm({
    schema: composerSchema,
    defaultValues: { content: '' },
    reValidateMode: 'onSubmit',
    serverField: () => 'content',
    onSubmit: async ({ content }) => {
      if (editing) {
        onSent(await editMessage(editing._id, content));
        onEditDone();
      } else {
        const file = chosen ? await uploadChosen(chosen.file) : undefined;
        onSent(await sendMessage({ room_id: roomId, content, ...(file ? { file } : {}) }));
        if (lastTyping.current) signalTyping(false);
        setChosen(null);
      }
      form.reset({ content: '' });
    },
  });
  const { reset, setValue } = form;
  const text = form.watch('content') ?? '';
  const error = form.formError ?? form.errorOf('content') ?? null;
  const clearError = () => {
    if (!error) return;
    form.clearErrors();
    form.setFormError(null);
  };
  const setText = (v: string) => setValue('content', v);

  // A layout effect: the message's text is in the field before the browser handles any further input, so what the
  // user types right after "Edit" is not overwritten by it.
  useLayoutEffect(() => {
    if (editing) {
      reset({ content: htmlToText(editing.content) });
      setChosen(null);
      area.current?.focus();
    }
  }, [editing, reset]);

  const content = textToHtml(text.trim());
  const over = content.length > CHAT_CONTENT_MAX;
  const tooLong = () => errorText(new CodedFailure('tooLong', { max: CHAT_CONTENT_MAX }));
  const number = (n: number) => n.toLocaleString(i18n.language);

  // Nothing to send, or too long: the counter under the field already says why — nothing is sent, nothing is cut.
  const submit = () => {
    if (form.busy || (!content && !chosen) || over) return;
    void form.submit();
  };

  const choose = (f: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!f) return;
    clearError();
    if (f.size > CHAT_FILE_LIMIT) {
      form.setFormError(errorText(new CodedFailure('filesAbove', { size: CHAT_FILE_LIMIT })));
      return;
    }
    setChosen({ file: f, preview: f.type.startsWith('image/') ? URL.createObjectURL(f) : null });
    area.current?.focus();
  };

  const cancelEdit = () => {
    onEditDone();
    reset({ content: '' });
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape' && editing) cancelEdit();
  };

  const insert = (s: string) => {
    const el = area.current;
    const at = el?.selectionStart ?? text.length;
    setText(text.slice(0, at) + s + text.slice(el?.selectionEnd ?? at));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + s.length, at + s.length);
    });
  };

  const { ref: fieldRef, onChange: fieldChange, ...field } = form.register('content');
  return (
    <form
      className="chat-composer"
      data-testid="chat-composer"
      noValidate
      aria-busy={form.busy || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {editing ? (
        <div className="chat-editing">
          {t('editing')}
          <button type="button" className="chat-link" onClick={cancelEdit}>
            {t('cancel')}
          </button>
        </div>
      ) : null}
      {progress ? (
        <ProgressBar value={progress.value} label={progress.done ? t('uploaded') : t('uploading', { percent: progress.value })} testId="chat-upload-progress" />
      ) : null}
      {error ? (
        <Alert kind="error" testId="chat-error">
          {error}
        </Alert>
      ) : null}
      {chosen ? (
        <div className="chat-attachment" data-testid="chat-attachment">
          {chosen.preview ? <img src={chosen.preview} alt="" className="chat-attachment__thumb" data-testid="chat-attachment-thumb" /> : null}
          <span className="chat-attachment__name">{chosen.file.name}</span>
          <span className="chat-muted">{formatSize(chosen.file.size, i18n.language)}</span>
          <button
            type="button"
            className="chat-attachment__remove"
            aria-label={t('removeFile', { name: chosen.file.name })}
            disabled={form.busy}
            onClick={() => setChosen(null)}
            data-testid="chat-attachment-remove"
          >
            ×
          </button>
        </div>
      ) : null}
      {emoji ? (
        <div className="chat-emoji-panel">
          <Suspense fallback={<Loader />}>
            <EmojiPicker
              // Native emoji: no images from a CDN (the CSP allows this origin only).
              emojiStyle="native"
              lazyLoadEmojis
              width="100%"
              height={320}
              previewConfig={{ showPreview: false }}
              onEmojiClick={(e: { emoji: string }) => insert(e.emoji)}
            />
          </Suspense>
        </div>
      ) : null}
      <div className="chat-composer__row">
        <button
          type="button"
          className="chat-icon-btn"
          aria-label={t('emoji')}
          aria-pressed={emoji}
          onClick={() => setEmoji((v) => !v)}
          data-testid="chat-emoji"
        >
          😊
        </button>
        {!editing ? (
          <>
            <button type="button" className="chat-icon-btn" aria-label={t('attach')} onClick={() => fileInput.current?.click()} data-testid="chat-attach">
              📎
            </button>
            <input ref={fileInput} type="file" hidden onChange={(e) => choose(e.target.files?.[0])} data-testid="chat-file-input" />
          </>
        ) : null}
        <textarea
          {...field}
          ref={(el) => {
            fieldRef(el);
            area.current = el;
          }}
          className="ui-field__control chat-textarea"
          aria-label={t('composer')}
          aria-invalid={over || undefined}
          aria-describedby={counterId}
          placeholder={t('composer')}
          rows={1}
          onChange={(e) => {
            void fieldChange(e);
            clearError();
            if (e.target.value.trim() && !editing) signalTyping(true);
          }}
          onKeyDown={onKey}
          data-testid="chat-input"
        />
        <Button type="submit" loading={form.busy} disabled={(!text.trim() && !chosen) || over} data-testid="chat-send">
          {editing ? t('save') : t('send')}
        </Button>
      </div>
      <div id={counterId} className="chat-counter" aria-live="polite">
        {over || content.length >= CHAT_CONTENT_MAX * COUNTER_FROM ? (
          <span className={over ? 'chat-counter--over' : undefined} data-testid="chat-counter">
            {t('counter', { used: number(content.length), max: number(CHAT_CONTENT_MAX) })}
            {over ? ` — ${tooLong()}` : ''}
          </span>
        ) : null}
      </div>
    </form>
  );
}
