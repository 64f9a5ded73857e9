import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from './index.ts';

/** Prefix of a sealed value: version 1 = AES-256-GCM, 12-byte nonce, 16-byte tag, base64url parts. */
const V1 = 'v1';
/**
 * The development key material used when SECRETS_KEY is unset outside production (embedded `npm start`, tests).
 * Public by design: a value sealed with it is only obscured. Production refuses to start without SECRETS_KEY.
 */
export const DEV_SECRETS_KEY = 'intranet-dev-only-secrets-key-change-me';

/** Raised when a sealed value cannot be opened (another key, tampered or not a sealed value). */
export class SecretError extends Error {}

/**
 * The 32-byte AES key for secrets at rest (e.g. the client's HR-system password, issue 12): HKDF-SHA256 of
 * SECRETS_KEY (≥ 16 characters). Unset: the public development key, unless NODE_ENV is production, where it
 * raises a ConfigError-like Error naming the variable.
 */
export function secretsKey(config: Pick<Config, 'SECRETS_KEY' | 'NODE_ENV'>): Buffer {
  const material = config.SECRETS_KEY ?? (config.NODE_ENV === 'production' ? undefined : DEV_SECRETS_KEY);
  if (!material) throw new Error('Invalid configuration:\n  SECRETS_KEY: required in production (key of the secrets stored encrypted)');
  return Buffer.from(hkdfSync('sha256', material, 'intranet', 'secrets-at-rest v1', 32));
}

/** True when `v` has the shape of a value made by sealSecret (the migration of old rows tells them apart). */
export const isSealed = (v: string | null | undefined): v is string => !!v && /^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]*$/.test(v);

/**
 * Encrypts `plain` with AES-256-GCM under `key` (secretsKey) and a fresh random nonce → 'v1.<nonce>.<tag>.<data>'
 * (base64url). `aad` binds the value to its owner (e.g. the client id) so a sealed value copied to another row
 * does not open.
 */
export function sealSecret(key: Buffer, plain: string, aad = ''): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(Buffer.from(aad));
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [V1, iv.toString('base64url'), c.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** Decrypts a value made by sealSecret with the same key and `aad`. Errors: SecretError when it does not open. */
export function openSecret(key: Buffer, sealed: string, aad = ''): string {
  if (!isSealed(sealed)) throw new SecretError('not a sealed secret');
  const [, iv, tag, data] = sealed.split('.');
  try {
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    d.setAAD(Buffer.from(aad));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
  } catch {
    throw new SecretError('the secret does not open with this key');
  }
}
