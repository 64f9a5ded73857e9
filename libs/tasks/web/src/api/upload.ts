import { fileRoutes } from '@intranet/files-contract';
import { upload } from '@intranet/web-api';

/** A task attachment as the task keeps it (§3 Task attachments). */
export interface Attachment {
  url: string;
  thumb: string | null;
  mime: string;
  name: string;
}

/** POST /api/upload?kind=file (§7 files): the picked files, reporting progress in percent; resolves to attachments. */
export async function uploadAttachments(files: FileList, onPercent: (percent: number) => void): Promise<Attachment[]> {
  const fd = new FormData();
  for (const f of files) fd.append('file', f, f.name);
  const r = await upload(fileRoutes.fileUpload, fd, (p) => onPercent(p.percent), { query: { kind: 'file' }, silent: true });
  return r.results.map((f) => ({ url: f.url, thumb: f.thumb, mime: f.mimetype, name: f.fileName }));
}
