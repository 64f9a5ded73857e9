import { clientSubjects } from '@intranet/clients-contract';
import { fileRoutes, UPLOAD_TEXT, type UploadedFile, type UploadKind } from '@intranet/files-contract';
import type { Bus, RequestContext } from '@intranet/platform-bus';
import { systemContext } from '@intranet/platform-bus';
import { FILE_LIMITS, formatBytes } from '@intranet/platform-contracts';
import { uuidv7 } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { signFileUrl, StorageLimitError, verifyFileSignature, type Storage } from '@intranet/platform-storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { extname } from 'node:path';

/** Largest file per upload kind in bytes (§5, §9: post files 20 MB, any file 250 MB). */
export const KIND_LIMIT: Record<UploadKind, number> = {
  post: FILE_LIMITS.post,
  comment: FILE_LIMITS.post,
  avatar: FILE_LIMITS.post,
  avatar_big: FILE_LIMITS.post,
  cover: FILE_LIMITS.post,
  task: FILE_LIMITS.any,
  file: FILE_LIMITS.any,
  kb: FILE_LIMITS.any,
  cv: FILE_LIMITS.post,
};

const IMAGE_KINDS = new Set<UploadKind>(['avatar', 'avatar_big', 'cover']);
const MIME: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf', '.txt': 'text/plain; charset=utf-8', '.csv': 'text/csv; charset=utf-8', '.mp4': 'video/mp4', '.mp3': 'audio/mpeg',
  '.doc': 'application/msword', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel', '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.zip': 'application/zip',
};
/** Types a browser may render inline from our origin; everything else downloads (no stored-XSS through uploads). */
const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'video/mp4', 'audio/mpeg', 'text/plain; charset=utf-8']);

/** A file name safe for a storage key (ASCII letters, digits, dot, dash, underscore; ≤ 100 chars). */
export function safeName(name: string): string {
  const ext = extname(name).toLowerCase().replace(/[^a-z0-9.]/g, '').slice(0, 10);
  const base = name.slice(0, name.length - extname(name).length).normalize('NFKD').replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 80);
  return `${base || 'file'}${ext}`;
}

export const mimeOf = (name: string) => MIME[extname(name).toLowerCase()] ?? 'application/octet-stream';

/** Storage errors → the §8 upload texts by cause. */
export function uploadError(err: unknown, bucket: string): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof StorageLimitError) return new DomainError('payload_too_large', UPLOAD_TEXT.filesAbove(formatBytes(err.limit)));
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  if (code === 'NoSuchBucket') return new DomainError('internal', UPLOAD_TEXT.noSuchBucket(bucket));
  if (code === 'AccessDenied' || code === 'AccountProblem' || code === 'InvalidAccessKeyId') return new DomainError('internal', UPLOAD_TEXT.accountBlocked);
  if (code === 'ECONNREFUSED') return new DomainError('unavailable', UPLOAD_TEXT.refused);
  return new DomainError('internal', UPLOAD_TEXT.uploading);
}

export interface FilesOptions {
  storage: Storage;
  bus: Bus;
  secret: string;
  bucket: string;
  identify: (req: FastifyRequest) => Promise<RequestContext>;
  send: (reply: FastifyReply, err: unknown) => unknown;
}

/**
 * §7 Upload: POST /api/upload streams each multipart file straight to object storage (never buffered whole),
 * enforcing the per-kind limit while it streams and the client's storage quota (checked before, reserved after);
 * images get a 480 px WebP thumbnail (sharp). GET /api/files/<key>?exp&sig serves a file by its signed URL.
 */
export async function registerFiles(api: FastifyInstance, o: FilesOptions): Promise<void> {
  await api.register(multipart, { limits: { fileSize: FILE_LIMITS.any + 1, files: 20, fields: 10 } });

  api.post(fileRoutes.upload.path, async (req, reply) => {
    const stored: { key: string; size: number }[] = [];
    let ctx: RequestContext | undefined;
    try {
      ctx = await o.identify(req);
      const clientId = ctx.clientId;
      if (!clientId) throw Errors.badRequest('Select a workspace first');
      const { kind } = fileRoutes.upload.query.parse(req.query ?? {});
      const limit = KIND_LIMIT[kind];
      if (!req.isMultipart()) throw Errors.badRequest('Expected multipart/form-data');
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > FILE_LIMITS.any * 20) throw new DomainError('payload_too_large', UPLOAD_TEXT.tooBig);
      // Refuse early when even the declared body cannot fit the quota.
      if (declared) await reserve(o.bus, clientId, declared, true);
      const results: UploadedFile[] = [];
      for await (const part of req.files()) {
        const fileName = part.filename || 'file';
        const key = `${clientId}/${kind}/${uuidv7()}/${safeName(fileName)}`;
        const mimetype = mimeOf(fileName);
        if (IMAGE_KINDS.has(kind) && !/^image\/(png|jpeg|webp|gif)$/.test(mimetype)) throw new DomainError('validation', UPLOAD_TEXT.wrongImageSize);
        const { size } = await o.storage.put(key, part.file, { contentType: mimetype, maxBytes: limit });
        stored.push({ key, size });
        if (part.file.truncated) throw new StorageLimitError(limit);
        const img = mimetype.startsWith('image/') && mimetype !== 'image/svg+xml' ? await thumbnail(o.storage, key, kind) : null;
        if (img?.thumbKey) stored.push({ key: img.thumbKey, size: img.thumbSize });
        results.push({
          key,
          file: signFileUrl(o.secret, key),
          url: signFileUrl(o.secret, key),
          thumb: img?.thumbKey ? signFileUrl(o.secret, img.thumbKey) : null,
          thumbKey: img?.thumbKey ?? null,
          fileName,
          mimetype,
          size,
          width: img?.width ?? null,
          height: img?.height ?? null,
        });
      }
      if (!results.length) throw Errors.field('file', 'Field is required');
      await reserve(o.bus, clientId, stored.reduce((n, s) => n + s.size, 0), false);
      return reply.send({ results });
    } catch (err) {
      if (stored.length) await o.storage.delete(stored.map((s) => s.key)).catch(() => undefined);
      // Drain what the browser is still sending so the error reaches it.
      req.raw.resume();
      return o.send(reply, uploadError(err, o.bucket));
    }
  });

  api.get('/api/files/*', async (req, reply) => {
    const key = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
    const q = req.query as { exp?: string; sig?: string };
    if (!q.sig || !verifyFileSignature(o.secret, key, Number(q.exp), q.sig)) return o.send(reply, Errors.noAccess());
    const obj = await o.storage.get(key).catch(() => null);
    if (!obj) return o.send(reply, new DomainError('not_found', UPLOAD_TEXT.notFound));
    const type = key.endsWith('.thumb.webp') ? 'image/webp' : mimeOf(key);
    const name = key.split('/').pop()!;
    reply.header('content-type', type);
    reply.header('content-length', obj.size);
    reply.header('cache-control', 'private, max-age=600');
    reply.header('content-disposition', `${INLINE.has(type) ? 'inline' : 'attachment'}; filename="${name}"`);
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    return reply.send(obj.stream);
  });
}

async function reserve(bus: Bus, clientId: string, bytes: number, check: boolean): Promise<void> {
  await bus.request(clientSubjects.storageReserve, { ctx: systemContext(clientId), input: { clientId, bytes, check } });
}

/** 480 px WebP thumbnail beside the image; cover images must be 3420 px wide and at least 250 px high (§5). */
async function thumbnail(storage: Storage, key: string, kind: UploadKind) {
  const obj = await storage.get(key);
  if (!obj) return null;
  if (obj.size > FILE_LIMITS.post) {
    obj.stream.destroy();
    return null; // large images download as they are; thumbnails are for the feed-sized ones
  }
  const chunks: Buffer[] = [];
  for await (const c of obj.stream) chunks.push(c as Buffer);
  const input = Buffer.concat(chunks);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(input).metadata();
  } catch {
    if (IMAGE_KINDS.has(kind)) throw new DomainError('validation', UPLOAD_TEXT.wrongImageSize);
    return null;
  }
  if (kind === 'cover' && (meta.width !== 3420 || (meta.height ?? 0) < 250)) throw new DomainError('validation', UPLOAD_TEXT.wrongImageSize);
  const thumb = await sharp(input).rotate().resize({ width: 480, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  const thumbKey = `${key}.thumb.webp`;
  const { Readable } = await import('node:stream');
  const { size } = await storage.put(thumbKey, Readable.from([thumb]), { contentType: 'image/webp' });
  return { thumbKey, thumbSize: size, width: meta.width ?? null, height: meta.height ?? null };
}
