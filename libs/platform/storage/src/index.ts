import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Object storage port (DESIGN §7): MinIO/S3 in production, a local folder when embedded. Keys start with the client id. */
export interface Storage {
  /**
   * Streams `body` to `key`, never buffering it whole. Aborts with StorageLimitError once more than `maxBytes`
   * arrive (nothing is left behind). Output: stored size in bytes.
   */
  put(key: string, body: Readable, opts: { contentType?: string; maxBytes?: number }): Promise<{ size: number }>;
  /** A readable stream of the object, or null if absent. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(keys: string[]): Promise<void>;
  /** Every object whose key starts with `prefix` (e.g. `<client>/`), with its size in bytes, streamed page by page. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
}

/** Raised when a stream exceeds its byte limit. */
export class StorageLimitError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`more than ${limit} bytes`);
    this.limit = limit;
  }
}

/** Counts bytes and fails the pipeline past `max`. */
export function byteLimiter(max: number | undefined, onSize: (n: number) => void): Transform {
  let n = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      n += chunk.length;
      if (max !== undefined && n > max) return cb(new StorageLimitError(max));
      onSize(n);
      cb(null, chunk);
    },
  });
}

/** Keys are `<client>/<...>` of safe characters; `..` and absolute paths are refused. */
export function assertKey(key: string): void {
  if (!/^[0-9a-f-]{36}\/[A-Za-z0-9._/-]+$/.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
}

/** The embedded store: files under `root`. */
export class LocalStorage implements Storage {
  private readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    assertKey(key);
    const p = resolve(join(this.root, key));
    if (!p.startsWith(this.root + sep)) throw new Error('key escapes the storage root');
    return p;
  }

  async put(key: string, body: Readable, opts: { maxBytes?: number } = {}): Promise<{ size: number }> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    let size = 0;
    try {
      await pipeline(
        body,
        byteLimiter(opts.maxBytes, (n) => (size = n)),
        createWriteStream(p),
      );
    } catch (err) {
      await rm(p, { force: true });
      throw err;
    }
    return { size };
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    const p = this.path(key);
    try {
      const s = await stat(p);
      return { stream: createReadStream(p), size: s.size };
    } catch {
      return null;
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (const k of keys) await rm(this.path(k), { force: true });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const client = prefix.split('/')[0];
    if (!/^[0-9a-f-]{36}$/.test(client)) throw new Error(`bad storage prefix ${prefix}`);
    const walk = async function* (dir: string, rel: string): AsyncGenerator<{ key: string; size: number }> {
      let it;
      try {
        it = await opendir(dir);
      } catch {
        return;
      }
      for await (const e of it) {
        const key = `${rel}/${e.name}`;
        if (e.isDirectory()) yield* walk(join(dir, e.name), key);
        else if (e.isFile() && key.startsWith(prefix)) yield { key, size: (await stat(join(dir, e.name))).size };
      }
    };
    yield* walk(join(this.root, client), client);
  }
}

/** MinIO/S3 through the `minio` client; the bucket is created on first use. */
export class S3Storage implements Storage {
  private readonly client: import('minio').Client;
  private readonly bucket: string;
  private ready?: Promise<void>;

  constructor(client: import('minio').Client, bucket: string) {
    this.client = client;
    this.bucket = bucket;
  }

  private ensureBucket(): Promise<void> {
    this.ready ??= (async () => {
      if (await this.client.bucketExists(this.bucket)) return;
      await this.client.makeBucket(this.bucket).catch(async (err) => {
        // Another process may have created it between our look and our make.
        if (!(await this.client.bucketExists(this.bucket))) throw err;
      });
    })().catch((err) => {
      this.ready = undefined; // retry on the next upload rather than failing forever
      throw err;
    });
    return this.ready;
  }

  async put(key: string, body: Readable, opts: { contentType?: string; maxBytes?: number } = {}): Promise<{ size: number }> {
    assertKey(key);
    await this.ensureBucket();
    let size = 0;
    const limited = body.pipe(byteLimiter(opts.maxBytes, (n) => (size = n)));
    body.on('error', (e) => limited.destroy(e));
    try {
      await this.client.putObject(this.bucket, key, limited, undefined, opts.contentType ? { 'Content-Type': opts.contentType } : {});
    } catch (err) {
      await this.client.removeObject(this.bucket, key).catch(() => undefined);
      throw err;
    }
    return { size };
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    assertKey(key);
    try {
      const s = await this.client.statObject(this.bucket, key);
      return { stream: await this.client.getObject(this.bucket, key), size: s.size };
    } catch {
      return null;
    }
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length) await this.client.removeObjects(this.bucket, keys);
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    await this.ensureBucket();
    for await (const o of this.client.listObjectsV2(this.bucket, prefix, true) as AsyncIterable<{ name?: string; size?: number }>) {
      if (o.name) yield { key: o.name, size: o.size ?? 0 };
    }
  }
}

/** S3 when an endpoint is configured, else the local folder. */
export async function openStorage(opts: {
  dataDir: string;
  s3?: { endpoint: string; accessKey?: string; secretKey?: string; bucket: string };
}): Promise<Storage> {
  if (opts.s3) {
    const { Client } = await import('minio');
    const u = new URL(opts.s3.endpoint);
    const client = new Client({
      endPoint: u.hostname,
      port: u.port ? Number(u.port) : undefined,
      useSSL: u.protocol === 'https:',
      accessKey: opts.s3.accessKey ?? '',
      secretKey: opts.s3.secretKey ?? '',
    });
    return new S3Storage(client, opts.s3.bucket);
  }
  return new LocalStorage(join(opts.dataDir, 'files'));
}

/** Lifetime of a file URL signed without an explicit TTL (seconds): links shared outside the portal stop working. */
export const FILE_URL_TTL = 3600;
/** Default-TTL expiries are rounded up to this step (seconds), so a file read twice keeps one URL (browser cache). */
const FILE_URL_STEP = 300;

/**
 * Signed file URLs: `<base>/api/files/<key>?exp=<unix s>&sig=<hmac>` (issue 18 §4). Browsers load images with
 * plain <img> tags (no Authorization header), so access is carried by the signature, for at most `ttlSeconds`
 * (default FILE_URL_TTL, its expiry rounded up to 5 minutes). After expiry the gateway still serves the file to a
 * signed-in member of the key's client (the download cookie): the link renews on access for the portal's own
 * pages and dies for anyone else. Short explicit TTLs serve files behind grants (knowledge base).
 */
export function signFileUrl(secret: string, key: string, ttlSeconds?: number): string {
  assertKey(key);
  const now = Math.floor(Date.now() / 1000);
  const exp = ttlSeconds ? now + ttlSeconds : Math.ceil((now + FILE_URL_TTL) / FILE_URL_STEP) * FILE_URL_STEP;
  return `/api/files/${key}?exp=${exp}&sig=${fileSignature(secret, key, exp)}`;
}

/**
 * A stored file URL (an avatar or logo saved from an upload answer) signed afresh with the default TTL; anything
 * that is not one of our /api/files URLs comes back unchanged. Input/output: a URL string or null.
 */
export function renewFileUrl(secret: string, url: string | null): string | null {
  if (!url) return url;
  const m = /^\/api\/files\/([^?#]+)(?:\?|$)/.exec(url);
  if (!m) return url;
  try {
    return signFileUrl(secret, decodeURIComponent(m[1]!));
  } catch {
    return url;
  }
}

/** What a signature says: `valid`, `expired` (signed by us, past its expiry) or `invalid`. */
export type FileSignatureState = 'valid' | 'expired' | 'invalid';

/** Checks `sig` against `key` and `exp` (unix seconds). URLs of the old `exp=0` form count as expired. */
export function fileSignatureState(secret: string, key: string, exp: number, sig: string): FileSignatureState {
  if (!Number.isFinite(exp)) return 'invalid';
  const want = Buffer.from(fileSignature(secret, key, exp));
  const got = Buffer.from(String(sig));
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'invalid';
  return exp < Date.now() / 1000 ? 'expired' : 'valid';
}

/** True when `sig` is the signature of `key` and `exp` has not passed. */
export function verifyFileSignature(secret: string, key: string, exp: number, sig: string): boolean {
  return fileSignatureState(secret, key, exp, sig) === 'valid';
}

function fileSignature(secret: string, key: string, exp: number): string {
  return createHmac('sha256', secret).update(`file:${key}:${exp}`).digest('base64url');
}
export { fileSigner, storedUpload, type FileSigner } from './uploads.ts';
