import { useState } from 'react';
import { wallText } from './locales.ts';
import type { Attachment } from '@intranet/social-contract';
import { Modal } from '@intranet/web-ui';

/** Initials of a name for an avatar without a picture. */
function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

/** A person's avatar; a click opens their profile in a new tab (§2). */
export function Avatar({ id, name, src, size }: { id: string; name: string; src: string | null; size?: 'small' | 'big' }) {
  return (
    <a
      href={`/profile/${id}`}
      target="_blank"
      rel="noopener"
      className={`wall-avatar${size ? ` wall-avatar--${size}` : ''}`}
      title={name}
      data-testid={`avatar-${id}`}
    >
      {src ? <img src={src} alt={name} /> : initials(name)}
    </a>
  );
}

/** The vendor's system avatar (§1: `--vendor-system-avatar`, set by the shell) for system items; decorative. */
export function SystemAvatar({ size }: { size?: 'small' | 'big' }) {
  return <span className={`wall-avatar wall-avatar--system${size ? ` wall-avatar--${size}` : ''}`} aria-hidden="true" data-testid="system-avatar" />;
}

/** Date and time in the interface language. */
export function formatDate(iso: string, lang: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Images (open in a viewer) and files (download) of a post or comment. */
export function Attachments({ items, testId }: { items: Attachment[]; testId: string }) {
  const { t } = wallText.useT();
  const [open, setOpen] = useState<Attachment | null>(null);
  const images = items.filter((a) => a.mimetype.startsWith('image/'));
  const files = items.filter((a) => !a.mimetype.startsWith('image/'));
  if (items.length === 0) return null;
  return (
    <>
      {images.length ? (
        <div className="wall-images">
          {images.map((a) => (
            <img key={a.key} src={a.thumb ?? a.mini ?? a.url} alt={a.fileName} onClick={() => setOpen(a)} data-testid={`${testId}-image`} />
          ))}
        </div>
      ) : null}
      {files.length ? (
        <ul className="wall-files">
          {files.map((a) => (
            <li key={a.key}>
              <a href={a.url} download={a.fileName} data-testid={`${testId}-file`}>
                📎 {a.fileName}
              </a>{' '}
              <span className="wall-muted">({Math.max(1, Math.round(a.size / 1024))} KB)</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Modal open={!!open} title={open?.fileName ?? ''} onClose={() => setOpen(null)} width={1000} testId="image-viewer">
        {open ? (
          <div className="wall-viewer">
            <img src={open.url} alt={open.fileName} />
          </div>
        ) : null}
        {open ? (
          <a href={open.url} download={open.fileName}>
            {t('post.download')}
          </a>
        ) : null}
      </Modal>
    </>
  );
}
