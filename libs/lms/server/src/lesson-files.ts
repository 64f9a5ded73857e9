import { UPLOAD_TEXT } from '@intranet/files-contract';
import { Errors } from '@intranet/platform-errors';
import { storedUpload, type FileSigner, type Storage } from '@intranet/platform-storage';

/** The upload kind of lesson attachments (POST api/upload?kind=file): their keys start `<client>/file/`. */
export const LESSON_FILE_KIND = 'file';

/** A lesson attachment as the API takes and gives it: `src` the storage key or a signed /api/files URL of it. */
export interface LessonFile {
  src: string;
  fileName: string;
}

/** The storage key a lesson file's `src` names: the key itself, or the key of one of our /api/files/<key>?… URLs. */
export function fileKeyOf(src: string): string {
  const m = /^\/api\/files\/([^?#]+)(?:[?#]|$)/.exec(src);
  if (!m) return src;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return src;
  }
}

/**
 * The attachments of a lesson body as stored (`src` the storage key): each must be an upload of the caller's client
 * of kind `file` present in storage (the platform's upload check), else 400 'The file was not found or was
 * deleted' at `files.<i>.src`. Read before the write transaction (storage, not the database).
 */
export async function storedLessonFiles(storage: Storage, clientId: string, files: readonly LessonFile[]): Promise<LessonFile[]> {
  const out: LessonFile[] = [];
  for (const [i, f] of files.entries()) {
    const key = fileKeyOf(f.src);
    if (!(await storedUpload(storage, key, { clientId, kind: LESSON_FILE_KIND }))) throw Errors.field(`files.${i}.src`, UPLOAD_TEXT.notFound);
    out.push({ src: key, fileName: f.fileName });
  }
  return out;
}

/** Stored lesson files as the API gives them: `src` a signed download URL (GET /api/files/<key>) of the key. */
export function signedLessonFiles(files: readonly LessonFile[], sign: FileSigner): LessonFile[] {
  return files.map((f) => {
    try {
      return { src: sign(fileKeyOf(f.src)), fileName: f.fileName };
    } catch {
      return { src: f.src, fileName: f.fileName };
    }
  });
}
