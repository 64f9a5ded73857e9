import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which type stripping cannot read). */
const ARGON2ID = 2;
import jwt from 'jsonwebtoken';
import { createHash, randomBytes } from 'node:crypto';

/**
 * argon2id's cost: OWASP's baseline (19 MiB, 2 passes). Only in a spec run (NODE_ENV 'test' and PASSWORD_HASH_COST
 * 'low', which jest.preset.mjs sets for every Jest run) 1 MiB and 1 pass: the specs create and sign in thousands
 * of accounts at ≈ 25–40 ms of CPU each, and a hash's cost is no behaviour they check. A hash carries its own cost,
 * so verification is the same code either way.
 */
export const PASSWORD_HASH_COST =
  process.env.NODE_ENV === 'test' && process.env.PASSWORD_HASH_COST === 'low' ? { memoryCost: 1024, timeCost: 1 } : { memoryCost: 19_456, timeCost: 2 };

/** argon2id with PASSWORD_HASH_COST (OWASP's baseline outside spec runs). Output: PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...PASSWORD_HASH_COST, parallelism: 1 });
}

/** Constant-time check of a password against a PHC hash; false on any malformed hash. */
export async function verifyPassword(phc: string | null | undefined, password: string): Promise<boolean> {
  if (!phc) return false;
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** A precomputed hash so a sign-in for an unknown account costs the same as a real one. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}

/** The token payload of §3 Login response: `exp`, `client_id`, `result._id`; `sid` names the session. */
export interface TokenPayload {
  client_id: string | null;
  result: { _id: string };
  sid: string;
  /** 'files': a download token (the files cookie, issue 38 §5), valid for file reads only, refused on every route. */
  use?: 'files';
  exp?: number;
  iat?: number;
}

/** Signs a HS256 JWT valid for `ttlSeconds`. */
export function signToken(payload: Omit<TokenPayload, 'exp' | 'iat'>, secret: string, ttlSeconds: number): string {
  return jwt.sign(payload, secret, { algorithm: 'HS256', expiresIn: ttlSeconds });
}

/** Lifetime of a download token (the files cookie): short, renewed by the web while the session lasts (seconds). */
export const FILES_TOKEN_TTL = 30 * 60;

/**
 * The files cookie's own token (issue 38 §5): the session's identity (`client_id`, `result`, `sid`, so logout still
 * ends it) with `use: 'files'`, HS256, valid for at most FILES_TOKEN_TTL seconds and never past the session token's
 * `exp`. The gateway accepts it only for file reads, from the cookie.
 */
export function signFilesToken(session: TokenPayload, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): { token: string; exp: number } {
  const exp = Math.min(session.exp ?? nowSeconds + FILES_TOKEN_TTL, nowSeconds + FILES_TOKEN_TTL);
  const token = jwt.sign({ client_id: session.client_id, result: { _id: session.result._id }, sid: session.sid, use: 'files', exp }, secret, {
    algorithm: 'HS256',
  });
  return { token, exp };
}

/** A random URL-safe secret (password reset links) and its SHA-256 (what is stored). */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/** SHA-256 of a UTF-8 string as 64 lower-case hex characters (how reset tokens are stored and looked up). */
export function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}
