import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileRoutes, type UploadedFile, type UploadKind } from '@intranet/files-contract';
import { formatBytes } from '@intranet/platform-contracts';
import { SOCIAL_TEXT } from '@intranet/social-contract';
import { isApiError, upload } from '@intranet/web-api';
import { ProgressBar } from '@intranet/web-ui';

/** §7 Upload: the progress bar hides 1.5 s after the upload finished. */
const PROGRESS_HIDE_MS = 1500;

/** An upload that did not happen; `message` is the text to show (§8, e.g. 'Files above 20 MB cannot be attached'). */
export class UploadRefused extends Error {}

/**
 * §7 Upload for the wall's forms (post files, comment attachments): POST api/upload?kind=… with progress in percent.
 * `start(files)` refuses files above `limit` bytes before sending (UploadRefused with the §8 text) and turns server
 * errors into UploadRefused with the field's message; output: the stored files. `progress` is null when hidden.
 */
export function useUpload(kind: UploadKind, limit: number) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const start = async (list: File[]): Promise<UploadedFile[]> => {
    if (list.some((f) => f.size > limit)) throw new UploadRefused(SOCIAL_TEXT.filesAbove(formatBytes(limit)));
    if (list.length === 0) return [];
    const form = new FormData();
    for (const f of list) form.append('file', f, f.name);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    setUploading(true);
    setProgress(0);
    try {
      const r = await upload(fileRoutes.upload, form, (p) => setProgress(p.percent), { query: { kind }, silent: true });
      setProgress(100);
      return r.results;
    } catch (err) {
      throw new UploadRefused(isApiError(err) ? (Object.values(err.fieldErrors())[0] ?? err.message) : String(err));
    } finally {
      setUploading(false);
      hideTimer.current = setTimeout(() => setProgress(null), PROGRESS_HIDE_MS);
    }
  };
  return { progress, uploading, start };
}

/** The progress bar of `useUpload` (nothing when hidden). */
export function UploadProgress({ progress, uploading, testId }: { progress: number | null; uploading: boolean; testId: string }) {
  const { t } = useTranslation('wall');
  if (progress === null) return null;
  return <ProgressBar value={progress} label={uploading ? t('form.uploading', { percent: progress }) : t('form.uploaded')} testId={testId} />;
}

/** The attachment fields a post or comment body carries for an uploaded file. */
export const attachmentOf = (f: UploadedFile) => ({ key: f.key, fileName: f.fileName, mimetype: f.mimetype, size: f.size, thumbKey: f.thumbKey });
