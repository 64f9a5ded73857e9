import { access, defineRoute, V, z, type RouteDef } from '@intranet/platform-contracts';
import { fileTargets } from './refs.ts';

/** Upload purposes: each sets the size limit (§9) and the key prefix. */
export const UPLOAD_KINDS = ['post', 'comment', 'avatar', 'avatar_big', 'cover', 'file', 'kb', 'cv', 'task', 'hr', 'chat'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** One stored file as POST api/upload answers it (§7 Upload: file (src), thumb, url, fileName). */
export const uploadedFile = z.object({
  key: z.string(),
  file: z.string(),
  url: z.string(),
  thumb: z.string().nullable(),
  thumbKey: z.string().nullable(),
  fileName: z.string(),
  mimetype: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** A stored file as a write's body references it (from POST api/upload): the key and what the reader is shown. */
export const uploadedFileInput = z.object({
  key: z.string().min(1).max(500),
  fileName: z.string().trim().min(1, V.required).max(255, V.max(255)),
  mimetype: z.string().max(200).default('application/octet-stream'),
  size: z.number().int().min(0),
  thumbKey: z.string().max(500).nullable().optional(),
});

/** §8 upload texts. */
export const UPLOAD_TEXT = {
  tooBig: 'Error: file size too big',
  filesAbove: (size: string) => `Files above ${size} cannot be attached`,
  uploading: 'Uploading error',
  wrongImageSize: 'Wrong image size',
  noSuchBucket: (bucket: string) => `no such bucket ${bucket}`,
  accountBlocked: 'account blocked',
  refused: 'server refused connection',
  notFound: 'The file was not found or was deleted',
} as const;

/**
 * Upload kinds whose files the gateway serves only to readers the owning domain allows at download time (kb grants,
 * vacancy CVs): kind → bus subject answering `{ key }` (a file or thumbnail key) with a `FileAccessAnswer` for the
 * requester in `ctx`. Downloads of these kinds need the signed URL and a signed-in requester (bearer token or the
 * `FILE_SESSION_COOKIE`).
 */
export const GUARDED_KINDS: Partial<Record<UploadKind, string>> = {
  kb: 'kb.internal.fileAccess',
  cv: 'kb.internal.fileAccess',
  hr: 'people.internal.fileAccess',
  // Chat attachments (issue 38 §4): only the room's members read them.
  chat: 'chat.internal.fileAccess',
};

/** Lifetime (seconds) of the signed URLs of guarded kinds, in upload answers and in the owning domain's answers. */
export const GUARDED_URL_TTL = 600;

/**
 * What the owner says about a guarded key: `known` when the key belongs to one of its records; `allowed` when the
 * requester may read it now. Unknown keys (uploaded, not attached yet) are served only to their uploader.
 */
export interface FileAccessAnswer {
  known: boolean;
  allowed: boolean;
}

/** HttpOnly cookie (path /api/files) holding the session token, so <img> and <a href> downloads of guarded kinds authenticate. */
export const FILE_SESSION_COOKIE = 'intranet_files';

export const fileRoutes = {
  /** Streamed by the gateway to object storage (no bus hop for the bytes). */
  fileUpload: defineRoute({
    method: 'POST',
    path: '/api/upload',
    subject: 'files.file.upload',
    summary: 'Upload files (multipart, field "file"; repeat for several)',
    spec: '§7 Upload, §9 limits',
    access: access.authenticated,
    multipart: true,
    envelope: 'raw',
    query: z.object({ kind: z.enum(UPLOAD_KINDS).default('file') }),
    result: z.object({ results: z.array(uploadedFile) }),
  }),
  /**
   * Downloads by a signed URL (the signature is the credential, so <img> tags work). Guarded kinds (GUARDED_KINDS)
   * also need a signed-in requester whom the owning domain allows now; `u`/`ub` bind an upload answer's URL to its
   * uploader until the file is attached.
   */
  fileDownload: defineRoute({
    method: 'GET',
    path: '/api/files/{key}',
    subject: 'files.file.download',
    summary: 'Download a file by its signed URL',
    spec: '§7 Upload',
    access: access.public,
    params: z.object({ key: z.string() }),
    query: z.object({ exp: z.coerce.number(), sig: z.string(), u: z.string().optional(), ub: z.string().optional() }),
    result: z.unknown(),
  }),
  /**
   * Puts the caller's session token into the HttpOnly FILE_SESSION_COOKIE (path /api/files), so the browser's
   * plain <img>/<a> downloads of guarded kinds carry who is asking. Output: the token's expiry (unix seconds).
   */
  fileSession: defineRoute({
    ...fileTargets.fileSession,
    subject: 'files.file.session',
    summary: 'Let the browser download protected files (sets an HttpOnly cookie)',
    spec: '§7 Upload, §6 Access grants',
    result: z.object({ expires: z.number() }),
  }),
} satisfies Record<string, RouteDef>;
