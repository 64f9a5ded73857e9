import { signFileUrl, type Storage } from './index.ts';

/** Turns a storage key into a signed download URL (see signFileUrl). */
export type FileSigner = (key: string) => string;

/**
 * The one file-URL signer of the domains (issue 30 §2): keys signed with the portal's secret and the default TTL
 * (the gateway checks the same signature). Errors: throws when called without a secret (JWT_SECRET unset).
 */
export function fileSigner(secret: string | undefined): FileSigner {
  return (key) => {
    if (!secret) throw new Error('JWT_SECRET is needed to sign file URLs');
    return signFileUrl(secret, key);
  };
}

/**
 * The guarded-file check (issue 30 §2): whether `key` is an upload of `clientId` of kind `kind` (the key's prefix
 * `<client>/<kind>/`, as the gateway's upload route writes it) that is present in storage. Output: its stored size
 * in bytes (the truth, whatever a body claims), or null when the key is another client's, of another kind, or
 * absent. Storage failures read as absent.
 */
export async function storedUpload(storage: Storage, key: string, of: { clientId: string; kind: string }): Promise<{ size: number } | null> {
  if (!key.startsWith(`${of.clientId}/${of.kind}/`) || key.includes('..')) return null;
  const obj = await storage.get(key).catch(() => null);
  if (!obj) return null;
  obj.stream.destroy();
  return { size: obj.size };
}
