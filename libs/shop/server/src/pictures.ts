import type sharpModule from 'sharp';
import { UPLOAD_TEXT } from '@intranet/files-contract';
import { Errors } from '@intranet/platform-errors';
import { storedUpload, type Storage } from '@intranet/platform-storage';
import { SHOP_ERRORS, SHOP_PIC } from '@intranet/shop-contract';

/** The upload kind of shop pictures (POST api/upload?kind=file): their keys start `<client>/file/`. */
export const PICTURE_KIND = 'file';
/** Bytes read of a picture to learn its size (its header is enough; a larger file is read up to this). */
const MAX_PICTURE_BYTES = 20 * 1024 * 1024;

async function bytesOf(storage: Storage, key: string): Promise<Buffer | null> {
  const obj = await storage.get(key).catch(() => null);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of obj.stream as AsyncIterable<Buffer>) {
    chunks.push(c);
    n += c.length;
    if (n > MAX_PICTURE_BYTES) break;
  }
  obj.stream.destroy();
  return Buffer.concat(chunks);
}

let sharpLoaded: Promise<typeof sharpModule> | undefined;
/** sharp, imported on the first picture checked: it and libvips cost every start CPU and RSS (issue 39 §2). */
const loadSharp = () => (sharpLoaded ??= import('sharp').then((m) => m.default));

/**
 * §5/§9 shop picture 200x360: every key of `keys` not in `known` must be an upload of the client (else 400 'The
 * file was not found or was deleted' on `field`) and an image of exactly SHOP_PIC (else 400 shopPictureSize).
 * Keys already stored on the record are not read again.
 */
export async function checkPictures(storage: Storage, clientId: string, keys: readonly string[], field: string, known: readonly string[] = []): Promise<void> {
  for (const key of keys) {
    if (known.includes(key)) continue;
    const stored = await storedUpload(storage, key, { clientId, kind: PICTURE_KIND });
    const buf = stored ? await bytesOf(storage, key) : null;
    if (!buf) throw Errors.field(field, UPLOAD_TEXT.notFound);
    const sharp = await loadSharp();
    const meta = await sharp(buf)
      .metadata()
      .catch(() => null);
    if (meta?.width !== SHOP_PIC.width || meta.height !== SHOP_PIC.height) throw Errors.fieldCoded(field, SHOP_ERRORS.shopPictureSize);
  }
}
