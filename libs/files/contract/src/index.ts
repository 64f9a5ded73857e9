import { access, defineRoute, z, type RouteDef } from '@intranet/platform-contracts';

/** Upload purposes: each sets the size limit (§9) and the key prefix. */
export const UPLOAD_KINDS = ['post', 'comment', 'avatar', 'avatar_big', 'cover', 'file', 'kb', 'cv', 'task'] as const;
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

export const fileRoutes = {
  /** Streamed by the gateway to object storage (no bus hop for the bytes). */
  upload: defineRoute({
    method: 'POST', path: '/api/upload', subject: 'files.upload', summary: 'Upload files (multipart, field "file"; repeat for several)', spec: '§7 Upload, §9 limits',
    access: access.authenticated, multipart: true, envelope: 'raw',
    query: z.object({ kind: z.enum(UPLOAD_KINDS).default('file') }),
    result: z.object({ results: z.array(uploadedFile) }),
  }),
  /** Downloads by a signed URL (the signature is the credential, so <img> tags work). */
  download: defineRoute({
    method: 'GET', path: '/api/files/{key}', subject: 'files.download', summary: 'Download a file by its signed URL', spec: '§7 Upload',
    access: access.public, params: z.object({ key: z.string() }), query: z.object({ exp: z.coerce.number(), sig: z.string() }),
    result: z.unknown(),
  }),
} satisfies Record<string, RouteDef>;
