import { useEffect, useRef, useState } from 'react';
import { wallText } from './locales.ts';
import { fileRoutes, type UploadedFile, type UploadKind } from '@intranet/files-contract';
import { isApiError, upload } from '@intranet/web-api';
import { CodedFailure } from '@intranet/web-i18n';
import { ProgressBar } from '@intranet/web-ui';

/** §7 Upload: the progress bar hides 1.5 s after the upload finished. */
const PROGRESS_HIDE_MS = 1500;

/**
 * An upload that did not happen, as a §8 stable code with params (e.g. `filesAbove` with `size` in bytes, or the
 * server's field error), worded in the user's language by `errorText` / `useErrorText` where it is shown.
 */
export class UploadRefused extends CodedFailure {}

/**
 * §7 Upload for the wall's forms (post files, comment attachments): POST api/upload?kind=… with progress in percent.
 * `start(files)` refuses files above `limit` bytes before sending (UploadRefused `filesAbove` with `size: limit`) and
 * turns server errors into UploadRefused with the code and params of the first field error (else of the error);
 * output: the stored files. `progress` is null when hidden.
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
    if (list.some((f) => f.size > limit)) throw new UploadRefused('filesAbove', { size: limit });
    if (list.length === 0) return [];
    const form = new FormData();
    for (const f of list) form.append('file', f, f.name);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    setUploading(true);
    setProgress(0);
    try {
      const r = await upload(fileRoutes.fileUpload, form, (p) => setProgress(p.percent), { query: { kind }, silent: true });
      setProgress(100);
      return r.results;
    } catch (err) {
      if (!isApiError(err)) throw err;
      const first = err.fields[0] ?? err;
      throw new UploadRefused(first.code, first.params, first.message);
    } finally {
      setUploading(false);
      hideTimer.current = setTimeout(() => setProgress(null), PROGRESS_HIDE_MS);
    }
  };
  return { progress, uploading, start };
}

/** The progress bar of `useUpload` (nothing when hidden). */
export function UploadProgress({ progress, uploading, testId }: { progress: number | null; uploading: boolean; testId: string }) {
  const { t } = wallText.useT();
  if (progress === null) return null;
  return <ProgressBar value={progress} label={uploading ? t('form.uploading', { percent: progress }) : t('form.uploaded')} testId={testId} />;
}

/** The attachment fields a post or comment body carries for an uploaded file. */
export const attachmentOf = (f: UploadedFile) => ({ key: f.key, fileName: f.fileName, mimetype: f.mimetype, size: f.size, thumbKey: f.thumbKey });
