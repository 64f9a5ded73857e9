import { Errors, GENERIC } from '@intranet/platform-errors';
import { storedUpload, type Storage } from '@intranet/platform-storage';

/** §5 / §9 header image: 160 px high, at least 1000 px wide. */
export const HEAD_IMAGE = { height: 160, minWidth: 1000 } as const;
/** The upload kind the design tab sends the head image as (POST api/upload?kind=file). */
const HEAD_KIND = 'file';
/** Bytes read of the image to learn its size (a larger file is read up to this). */
const MAX_BYTES = 20 * 1024 * 1024;
/** The field of PUT api/clients/{id} the refusals name. */
const FIELD = 'design.headImage';

/** The storage key of one of the portal's file URLs (`/api/files/<key>?exp&sig`), or null for any other URL. */
export function fileKeyOf(url: string): string | null {
  const m = /^\/api\/files\/([^?#]+)(?:[?#]|$)/.exec(url);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/** Whether a width and height make a §5 head image (exactly 160 px high, 1000 px wide or more). */
export function headImageFits(width: number | undefined, height: number | undefined): boolean {
  return height === HEAD_IMAGE.height && (width ?? 0) >= HEAD_IMAGE.minWidth;
}

/**
 * §5 head image rule on PUT api/clients/{id}: the image must be an upload of this client (a URL the portal serves,
 * so its size can be measured; else 400 'The file was not found or was deleted') and 160 px high, at least 1000 px
 * wide (else 400 'Wrong image size', code wrongImageSize), both on `design.headImage`. sharp is loaded on first use.
 */
export async function checkHeadImage(storage: Storage, clientId: string, url: string): Promise<void> {
  const key = fileKeyOf(url);
  const stored = key ? await storedUpload(storage, key, { clientId, kind: HEAD_KIND }) : null;
  const obj = stored && key ? await storage.get(key).catch(() => null) : null;
  if (!obj) throw Errors.fieldCoded(FIELD, GENERIC.fileNotFound);
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of obj.stream as AsyncIterable<Buffer>) {
    chunks.push(c);
    n += c.length;
    if (n > MAX_BYTES) break;
  }
  obj.stream.destroy();
  const sharp = (await import('sharp')).default;
  const meta = await sharp(Buffer.concat(chunks))
    .metadata()
    .catch(() => null);
  if (!headImageFits(meta?.width, meta?.height)) throw Errors.fieldCoded(FIELD, GENERIC.wrongImageSize);
}
