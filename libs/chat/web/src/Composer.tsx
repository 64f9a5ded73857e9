import { lazy, Suspense, type ComponentType, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { chatText } from './locales.ts';
import { CHAT_CONTENT_MAX, CHAT_FILE_LIMIT, chatRoutes, type ChatMessage } from '@intranet/chat-contract';
import { fileRoutes } from '@intranet/files-contract';
import { call, isApiError, upload } from '@intranet/web-api';
import { CodedFailure, errorText, formatSize, useErrorText } from '@intranet/web-i18n';
import { Alert, Button, Loader, ProgressBar } from '@intranet/web-ui';
import { htmlToText, textToHtml } from './data.ts';

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
  const errorTextOf = useErrorText();
  const [text, setText] = useState('');
  const [emoji, setEmoji] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ value: number; done: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const hide = useRef<ReturnType<typeof setTimeout> | null>(null);
  const counterId = useId();
  useEffect(() => () => void (hide.current && clearTimeout(hide.current)), []);
  // A thumbnail's object URL lives as long as its chip.
  useEffect(() => () => void (chosen?.preview && URL.revokeObjectURL(chosen.preview)), [chosen]);

  useEffect(() => {
    if (editing) {
      setText(htmlToText(editing.content));
      setChosen(null);
      area.current?.focus();
    }
  }, [editing]);

  const content = textToHtml(text.trim());
  const over = content.length > CHAT_CONTENT_MAX;
  const tooLong = () => errorText(new CodedFailure('tooLong', { max: CHAT_CONTENT_MAX }));
  const number = (n: number) => n.toLocaleString(i18n.language);

  const signalTyping = (on: boolean) => {
    const now = Date.now();
    if (on && now - lastTyping.current < TYPING_SEND_MS) return;
    lastTyping.current = on ? now : 0;
    void call(chatRoutes.typing, { params: { id: roomId }, body: { typing: on }, silent: true }).catch(() => undefined);
  };

  /** Uploads the chosen file (POST api/upload?kind=chat: guarded, the room's members only) with progress; the message body's `file`. */
  const uploadChosen = async (f: File) => {
    const form = new FormData();
    form.append('file', f, f.name);
    if (hide.current) clearTimeout(hide.current);
    setProgress({ value: 0, done: false });
    try {
      const r = await upload(fileRoutes.fileUpload, form, (p) => setProgress({ value: p.percent, done: false }), { query: { kind: 'chat' }, silent: true });
      setProgress({ value: 100, done: true });
      const u = r.results[0]!;
      return { key: u.key, fileName: u.fileName, mimetype: u.mimetype, size: u.size, thumbKey: u.thumbKey };
    } finally {
      hide.current = setTimeout(() => setProgress(null), PROGRESS_HIDE_MS);
    }
  };

  const submit = async () => {
    if (pending || (!content && !chosen)) return;
    // The counter under the field already says why: nothing is sent, nothing is cut.
    if (over) return;
    setError(null);
    setPending(true);
    try {
      if (editing) {
        onSent(await call(chatRoutes.edit, { params: { id: editing._id }, body: { content }, silent: true }));
        onEditDone();
      } else {
        const file = chosen ? await uploadChosen(chosen.file) : undefined;
        onSent(await call(chatRoutes.send, { body: { room_id: roomId, content, ...(file ? { file } : {}) }, silent: true }));
        if (lastTyping.current) signalTyping(false);
        setChosen(null);
      }
      setText('');
    } catch (err) {
      setError(isApiError(err) ? errorTextOf(err.fields[0] ?? err) : errorText(err));
    } finally {
      setPending(false);
    }
  };

  const choose = (f: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!f) return;
    setError(null);
    if (f.size > CHAT_FILE_LIMIT) {
      setError(errorText(new CodedFailure('filesAbove', { size: CHAT_FILE_LIMIT })));
      return;
    }
    setChosen({ file: f, preview: f.type.startsWith('image/') ? URL.createObjectURL(f) : null });
    area.current?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape' && editing) {
      onEditDone();
      setText('');
    }
  };

  const insert = (s: string) => {
    const el = area.current;
    const at = el?.selectionStart ?? text.length;
    setText((cur) => cur.slice(0, at) + s + cur.slice(el?.selectionEnd ?? at));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + s.length, at + s.length);
    });
  };

  return (
    <div className="chat-composer" data-testid="chat-composer">
      {editing ? (
        <div className="chat-editing">
          {t('editing')}
          <button
            type="button"
            className="chat-link"
            onClick={() => {
              onEditDone();
              setText('');
            }}
          >
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
            disabled={pending}
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
          ref={area}
          className="ui-field__control chat-textarea"
          aria-label={t('composer')}
          aria-invalid={over || undefined}
          aria-describedby={counterId}
          placeholder={t('composer')}
          rows={1}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
            if (e.target.value.trim() && !editing) signalTyping(true);
          }}
          onKeyDown={onKey}
          data-testid="chat-input"
        />
        <Button onClick={() => void submit()} loading={pending} disabled={(!text.trim() && !chosen) || over} data-testid="chat-send">
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
    </div>
  );
}
