import { BP_TEXT, BP_CODES, FILE_KEY_RE, type Field, type Values } from '@intranet/bp-contract';
import type { Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { signFileUrl, type Storage } from '@intranet/platform-storage';
import { inArray } from 'drizzle-orm';
import { files } from './schema.ts';
import type { RequestRow } from './schema.ts';

/** Upload keys a form's file fields name (well-formed ones only; checkValues refuses the rest). */
export function fileKeysIn(fields: readonly Field[], values: Values): { fieldId: string; key: string }[] {
  const out: { fieldId: string; key: string }[] = [];
  for (const f of fields) {
    const v = values[f._id];
    if (f.type === 'file' && typeof v === 'string' && FILE_KEY_RE.test(v) && !v.includes('..')) out.push({ fieldId: f._id, key: v });
  }
  return out;
}

/**
 * §5 "files uploaded by the requester", before the write: the keys among `keys` that `userId` may attach — uploaded in
 * the caller's client as kind `file` (the key's prefix), present in storage, and not already attached by someone
 * else (bp.files). Upload keys are unguessable (uuidv7) and only their uploader knows them until attached; once
 * attached, the claim keeps anyone else from reusing them. Output: the acceptable keys.
 */
export async function ownFiles(storage: Storage, tx: Tx, clientId: string, userId: string, keys: readonly string[]): Promise<Set<string>> {
  const ok = new Set<string>();
  if (!keys.length) return ok;
  const claimed = new Map(
    (
      await tx
        .select({ key: files.key, owner: files.ownerId })
        .from(files)
        .where(inArray(files.key, [...keys]))
    ).map((r) => [r.key, r.owner]),
  );
  for (const key of new Set(keys)) {
    if (!key.startsWith(`${clientId}/file/`)) continue;
    const owner = claimed.get(key);
    if (owner && owner !== userId) continue;
    const obj = await storage.get(key).catch(() => null);
    if (!obj) continue;
    obj.stream.destroy();
    ok.add(key);
  }
  return ok;
}

/**
 * Inside the write transaction: claims `keys` for `userId` on `requestId` (first claim wins); a key someone else
 * claimed meanwhile answers 400 bpFileNotOwn at `values.<field>`.
 */
export async function claimFiles(
  tx: Tx,
  clientId: string,
  userId: string,
  requestId: string,
  keys: readonly { fieldId: string; key: string }[],
): Promise<void> {
  if (!keys.length) return;
  await tx
    .insert(files)
    .values(keys.map((k) => ({ key: k.key, clientId, ownerId: userId, requestId })))
    .onConflictDoNothing();
  const owners = new Map(
    (
      await tx
        .select({ key: files.key, owner: files.ownerId })
        .from(files)
        .where(
          inArray(
            files.key,
            keys.map((k) => k.key),
          ),
        )
    ).map((r) => [r.key, r.owner]),
  );
  const bad = keys.filter((k) => owners.get(k.key) !== userId);
  if (bad.length) throw Errors.validation(bad.map((k) => ({ field: `values.${k.fieldId}`, message: BP_TEXT.fileNotOwn, code: BP_CODES.fileNotOwn })));
}

/** Signs storage keys into download URLs (the gateway checks the same secret; an hour by default). */
export type Signer = (key: string) => string;
export const signer =
  (secret: string | undefined): Signer =>
  (key) => {
    if (!secret) throw new Error('JWT_SECRET is needed to sign file URLs');
    return signFileUrl(secret, key);
  };

/** Download URLs of a request's file values (every step's file fields of its definition). */
export function requestFileUrls(r: RequestRow, sign: Signer): Record<string, string> {
  const out: Record<string, string> = {};
  r.definition.steps.forEach((st, i) => {
    for (const { key } of fileKeysIn(st.fields, r.steps[i]?.values ?? {})) out[key] = sign(key);
  });
  return out;
}
