/** Payload of the portal's JWT as the web reads it (§3 Login response, §4): `{ exp, client_id, result: { _id } }`. */
export interface TokenPayload {
  /** Expiry, seconds since the epoch. */
  exp?: number;
  client_id: string | null;
  result: { _id: string };
}

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes a JWT payload without verifying it (the server verifies); null when malformed. */
export function decodeToken(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length < 2) return null;
  try {
    const p = JSON.parse(base64UrlDecode(parts[1])) as Partial<TokenPayload> & { sub?: string };
    const id = p.result?._id ?? p.sub;
    if (typeof id !== 'string') return null;
    return { exp: typeof p.exp === 'number' ? p.exp : undefined, client_id: p.client_id ?? null, result: { _id: id } };
  } catch {
    return null;
  }
}

/** True when the payload has an `exp` in the past (§4: expired token → cleared, go to /login). */
export function isExpired(payload: TokenPayload, now: number = Date.now()): boolean {
  return typeof payload.exp === 'number' && payload.exp * 1000 <= now;
}
