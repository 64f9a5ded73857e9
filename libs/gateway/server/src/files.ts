import { clientSubjects } from '@intranet/clients-contract';
import {
  FILE_SESSION_COOKIE,
  fileRoutes,
  GUARDED_KINDS,
  GUARDED_URL_TTL,
  UPLOAD_TEXT,
  type FileAccessAnswer,
  type UploadedFile,
  type UploadKind,
} from '@intranet/files-contract';
import type { Bus, RequestContext } from '@intranet/platform-bus';
import { ask, systemContext } from '@intranet/platform-bus';
import { FILE_LIMITS, formatBytes } from '@intranet/platform-contracts';
import { uuidv7 } from '@intranet/platform-db';
import { DomainError, Errors, GENERIC } from '@intranet/platform-errors';
import { fileSignatureState, signFileUrl, StorageLimitError, type Storage } from '@intranet/platform-storage';
import type { RouteInput as RouteInputOf } from '@intranet/platform-contracts';
import { toFastifyPath } from '@intranet/platform-contracts';
import { Controller, Get, HttpCode, Inject, Post, Put, Req, Res, SetMetadata, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signFilesToken, type TokenPayload } from '@intranet/platform-auth';
import { JwtStrategy } from './auth.ts';
import { GATEWAY_OPTIONS, ROUTE_DEF, type GatewayOptions } from './options.ts';
import { Caller, RouteInput, RouteInputPipe } from './pipeline.ts';
import { ROUTE_GUARDS } from './routes-controllers.ts';
import type sharpModule from 'sharp';
import { createHmac, timingSafeEqual } from 'node:crypto';
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
  // Employees' HR documents (people, issue 12): scans and PDFs.
  hr: FILE_LIMITS.any,
  chat: FILE_LIMITS.any,
};

const IMAGE_KINDS = new Set<UploadKind>(['avatar', 'avatar_big', 'cover']);
const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.zip': 'application/zip',
};
/** Types a browser may render inline from our origin; everything else downloads (no stored-XSS through uploads). */
const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'video/mp4', 'audio/mpeg', 'text/plain; charset=utf-8']);

/** A file name safe for a storage key (ASCII letters, digits, dot, dash, underscore; ≤ 100 chars). */
export function safeName(name: string): string {
  const ext = extname(name)
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, '')
    .slice(0, 10);
  const base = name
    .slice(0, name.length - extname(name).length)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
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

/** §5 'Wrong image size' on the `file` field with its code (wrongImageSize), which the web words in the user's language. */
const wrongImageSize = () => Errors.fieldCoded('file', GENERIC.wrongImageSize);

/** Binding of a signed URL to one user: HMAC of key, expiry and user id (a second signature beside `sig`). */
function userBinding(secret: string, key: string, exp: number, userId: string): string {
  return createHmac('sha256', secret).update(`file-user:${key}:${exp}:${userId}`).digest('base64url');
}

/** A signed URL of a guarded kind for its uploader: short expiry, bound to `userId` (`u`, `ub`). */
export function signBoundFileUrl(secret: string, key: string, userId: string): string {
  const url = signFileUrl(secret, key, GUARDED_URL_TTL);
  const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
  return `${url}&u=${encodeURIComponent(userId)}&ub=${userBinding(secret, key, exp, userId)}`;
}

/** True when `ub` binds the URL (`key`, `exp`) to `userId`. */
function verifyBinding(secret: string, key: string, exp: number, userId: string, ub: string): boolean {
  const want = Buffer.from(userBinding(secret, key, exp, userId));
  const got = Buffer.from(String(ub));
  return want.length === got.length && timingSafeEqual(want, got);
}

/** One cookie's value from a Cookie header (names and values as set by this gateway: no quoting). */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

/**
 * §7 Upload: POST /api/upload streams each multipart file straight to object storage (never buffered whole),
 * enforcing the per-kind limit while it streams and the client's storage quota (checked before, reserved after);
 * images get a 480 px WebP thumbnail (sharp). GET /api/files/<key>?exp&sig serves a file by its signed URL; kinds
 * in GUARDED_KINDS (kb, cv) are served only to a signed-in requester their owner allows at download time.
 * Paths, access and the upload's query schema come from the files contract (route metadata, RouteInputPipe).
 */
@Controller()
@UseGuards(...ROUTE_GUARDS)
export class FilesController {
  private readonly storage: Storage;
  private readonly bus: Bus;
  private readonly secret: string;
  private readonly bucket: string;

  constructor(
    @Inject(GATEWAY_OPTIONS) opts: GatewayOptions,
    private readonly auth: JwtStrategy,
  ) {
    this.storage = opts.storage;
    this.bus = opts.bus;
    this.secret = opts.jwtSecret;
    this.bucket = opts.bucket ?? 'intranet';
  }

  @Post(fileRoutes.fileUpload.path)
  @HttpCode(200)
  @SetMetadata(ROUTE_DEF, fileRoutes.fileUpload)
  async upload(
    @RouteInput(fileRoutes.fileUpload, RouteInputPipe) input: RouteInputOf<typeof fileRoutes.fileUpload>,
    @Caller() ctx: RequestContext,
    @Req() req: FastifyRequest,
  ) {
    const stored: { key: string; size: number }[] = [];
    try {
      const clientId = ctx.clientId;
      if (!clientId) throw Errors.badRequest('Select a workspace first');
      const kind = input.query.kind;
      const limit = KIND_LIMIT[kind];
      if (!req.isMultipart()) throw Errors.badRequest('Expected multipart/form-data');
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > FILE_LIMITS.any * 20) throw new DomainError('payload_too_large', UPLOAD_TEXT.tooBig);
      // Refuse early when even the declared body cannot fit the quota.
      if (declared) await reserve(this.bus, clientId, declared, true);
      const results: UploadedFile[] = [];
      for await (const part of req.files()) {
        const fileName = part.filename || 'file';
        const key = `${clientId}/${kind}/${uuidv7()}/${safeName(fileName)}`;
        const mimetype = mimeOf(fileName);
        if (IMAGE_KINDS.has(kind) && !/^image\/(png|jpeg|webp|gif)$/.test(mimetype)) throw wrongImageSize();
        const { size } = await this.storage.put(key, part.file, { contentType: mimetype, maxBytes: limit });
        stored.push({ key, size });
        if (part.file.truncated) throw new StorageLimitError(limit);
        const img = mimetype.startsWith('image/') && mimetype !== 'image/svg+xml' ? await thumbnail(this.storage, key, kind) : null;
        if (img?.thumbKey) stored.push({ key: img.thumbKey, size: img.thumbSize });
        // Guarded kinds: short-lived URLs only the uploader can use until the owner attaches the file.
        const sign = GUARDED_KINDS[kind] ? (k: string) => signBoundFileUrl(this.secret, k, ctx.userId!) : (k: string) => signFileUrl(this.secret, k);
        results.push({
          key,
          file: sign(key),
          url: sign(key),
          thumb: img?.thumbKey ? sign(img.thumbKey) : null,
          thumbKey: img?.thumbKey ?? null,
          fileName,
          mimetype,
          size,
          width: img?.width ?? null,
          height: img?.height ?? null,
        });
      }
      if (!results.length) throw Errors.field('file', 'Field is required');
      await reserve(
        this.bus,
        clientId,
        stored.reduce((n, s) => n + s.size, 0),
        false,
      );
      return { results };
    } catch (err) {
      if (stored.length) await this.storage.delete(stored.map((s) => s.key)).catch(() => undefined);
      throw uploadError(err, this.bucket);
    }
  }

  /**
   * PUT /api/files/session: puts a download token of the caller's session into the HttpOnly cookie (path /api/files):
   * valid for file reads only and for FILES_TOKEN_TTL at most (issue 38 §5); the web renews it before `expires`.
   */
  @Put(fileRoutes.fileSession.path)
  @HttpCode(200)
  @SetMetadata(ROUTE_DEF, fileRoutes.fileSession)
  session(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const bearerToken = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    // The guard has verified this token and its session.
    const session = JSON.parse(Buffer.from(bearerToken.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}') as TokenPayload;
    const { token, exp } = signFilesToken(session, this.secret);
    const maxAge = Math.max(0, Math.floor(exp - Date.now() / 1000));
    const secure = req.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `${FILE_SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/api/files; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`);
    return { result: { expires: exp } };
  }

  /** GET /api/files/<key>?exp&sig[&u&ub]: the file by its signed URL (guarded kinds: also the requester's right now). */
  @Get(toFastifyPath(fileRoutes.fileDownload.path).replace(':key', '*'))
  @SetMetadata(ROUTE_DEF, fileRoutes.fileDownload)
  async download(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const raw = (req.params as { '*': string })['*'] ?? '';
    // The router has decoded the path already; a key left with a bare '%' is no key we signed (404, not a 500).
    let key: string;
    try {
      key = decodeURIComponent(raw);
    } catch {
      throw new DomainError('not_found', UPLOAD_TEXT.notFound);
    }
    const q = req.query as { exp?: string; sig?: string; u?: string; ub?: string };
    const state = q.sig ? fileSignatureState(this.secret, key, Number(q.exp), q.sig) : 'invalid';
    if (state === 'invalid') throw Errors.noAccess();
    // Renew on access: an expired link still opens for a signed-in member of the key's client (issue 18 §4).
    if (state === 'expired') await this.memberOfKeyClient(req, key);
    const obj = await this.storage.get(key).catch(() => null);
    if (!obj) throw new DomainError('not_found', UPLOAD_TEXT.notFound);
    const guard = GUARDED_KINDS[key.split('/')[1] as UploadKind];
    if (guard) {
      try {
        await this.checkGuarded(req, key, guard, q);
      } catch (err) {
        obj.stream.destroy();
        throw err;
      }
    }
    const type = key.endsWith('.thumb.webp') ? 'image/webp' : mimeOf(key);
    const name = key.split('/').pop()!;
    reply.header('content-type', type);
    reply.header('content-length', obj.size);
    // Guarded files: the browser may keep them briefly for the user, no shared cache ever.
    reply.header('cache-control', guard ? 'private, no-cache' : 'private, max-age=600');
    reply.header('content-disposition', `${INLINE.has(type) ? 'inline' : 'attachment'}; filename="${name}"`);
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    return reply.send(obj.stream);
  }

  /**
   * The requester's context when the bearer token, else the FILE_SESSION_COOKIE (browsers send no header with
   * <img>/<a>), names a live session of the key's client. Errors: 401 not signed in, 403 'No access'.
   */
  private async memberOfKeyClient(req: FastifyRequest, key: string): Promise<RequestContext> {
    const headers = { ...req.headers };
    let filesCookie = false;
    if (!headers.authorization) {
      const token = cookieValue(req.headers.cookie, FILE_SESSION_COOKIE);
      if (token) {
        headers.authorization = `Bearer ${token}`;
        filesCookie = true;
      }
    }
    const { ctx } = await this.auth.authenticateRequest({ headers, ip: req.ip, filesCookie });
    if (!ctx.userId || !ctx.clientId || ctx.clientId !== key.split('/')[0]) throw Errors.noAccess();
    return ctx;
  }

  /**
   * Whether the requester may download a guarded key now: the bearer token, else the FILE_SESSION_COOKIE (browsers
   * send no header with <img>/<a>), names a live session of the key's client; a URL bound to someone else is
   * refused; then the owning domain decides for keys it knows (grants re-checked on every download); a key it does
   * not know (uploaded, not attached) only by the uploader it is bound to. Errors: 401 not signed in, 403 'No access'.
   */
  private async checkGuarded(req: FastifyRequest, key: string, subject: string, q: { exp?: string; u?: string; ub?: string }): Promise<void> {
    const ctx = await this.memberOfKeyClient(req, key);
    let bound = false;
    if (q.u !== undefined || q.ub !== undefined) {
      bound = q.u === ctx.userId && !!q.ub && verifyBinding(this.secret, key, Number(q.exp), q.u, q.ub);
      if (!bound) throw Errors.noAccess();
    }
    const answer = await this.bus.request<FileAccessAnswer>(subject, { ctx, input: { key } });
    if (answer.known ? !answer.allowed : !bound) throw Errors.noAccess();
  }
}

async function reserve(bus: Bus, clientId: string, bytes: number, check: boolean): Promise<void> {
  await ask(bus, clientSubjects.storageReserve, systemContext(clientId), { clientId, bytes, check });
}

let sharpLoaded: Promise<typeof sharpModule> | undefined;
/** sharp, imported once on first use. */
const loadSharp = () => (sharpLoaded ??= import('sharp').then((m) => m.default));

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
  // Loaded on the first image, not at start: sharp and libvips cost every process start CPU and RSS (issue 30).
  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<ReturnType<typeof sharpModule>['metadata']>>;
  try {
    meta = await sharp(input).metadata();
  } catch {
    if (IMAGE_KINDS.has(kind)) throw wrongImageSize();
    return null;
  }
  if (kind === 'cover' && (meta.width !== 3420 || (meta.height ?? 0) < 250)) throw wrongImageSize();
  const thumb = await sharp(input).rotate().resize({ width: 480, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  const thumbKey = `${key}.thumb.webp`;
  const { Readable } = await import('node:stream');
  const { size } = await storage.put(thumbKey, Readable.from([thumb]), { contentType: 'image/webp' });
  return { thumbKey, thumbSize: size, width: meta.width ?? null, height: meta.height ?? null };
}
