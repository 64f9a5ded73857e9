import { lookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Agent } from 'undici';
import { NOTIF_ADMIN_ERRORS } from '@intranet/notifications-contract';

/** Stable code of a refused webhook or API address (the web words it; the failing-channel report shows it). */
export const TARGET_REFUSED = NOTIF_ADMIN_ERRORS.webhookUrlRefused.code;

/** An outgoing address the service will not call: not https, or a private, loopback, link-local... host. */
export class RefusedTargetError extends Error {
  readonly code = TARGET_REFUSED;
  constructor(reason: string) {
    super(`Refused address: ${reason}`);
  }
}

/**
 * Whether an IP address is a public unicast one (ipaddr.js ranges): private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * loopback, link-local (169.254/16, fe80::/10, the cloud metadata address), carrier-grade NAT, multicast, reserved,
 * unspecified and the like are not; an IPv4-mapped IPv6 address is judged as its IPv4 one.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let a = ipaddr.parse(ip);
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) a = (a as ipaddr.IPv6).toIPv4Address();
  return a.range() === 'unicast';
}

/**
 * Checks an outgoing URL before it is stored or called (issue 10 webhook restriction, SSRF): https only, and its
 * host must resolve to public addresses only. With `allowPrivate` (NOTIF_ALLOW_PRIVATE_HOSTS: tests and development,
 * whose Slack/Teams/Telegram stand-ins run on localhost) any http(s) URL passes.
 * Errors: RefusedTargetError (code webhookUrlRefused).
 */
export async function assertPublicUrl(raw: string, allowPrivate = false): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedTargetError('not a URL');
  }
  if (allowPrivate) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedTargetError('not http(s)');
    return url;
  }
  if (url.protocol !== 'https:') throw new RefusedTargetError('not https');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolveAll(host);
  if (!addresses.length || addresses.some((a) => !isPublicAddress(a))) throw new RefusedTargetError(`${host} is not a public host`);
  return url;
}

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve) => lookup(host, { all: true, verbatim: true }, (err, list) => resolve(err ? [] : list.map((a) => a.address))));
}

/**
 * An undici dispatcher whose connections resolve the host themselves and refuse any non-public address, so a
 * DNS answer that changes between the check and the call (rebinding) cannot reach a private host. With
 * `allowPrivate` it is a plain agent. undici is imported on the first call, not at start-up (issue 39: ≈ 120 ms of
 * every portal start otherwise).
 */
export async function publicOnlyAgent(allowPrivate = false): Promise<Agent> {
  const undici = await import('undici');
  if (allowPrivate) return new undici.Agent();
  return new undici.Agent({
    connect: {
      lookup(hostname, options, cb) {
        lookup(hostname, { ...options, all: true, verbatim: true }, (err, list: LookupAddress[]) => {
          if (err) return cb(err, '', 0);
          const bad = list.find((a) => !isPublicAddress(a.address));
          if (bad || !list.length) return cb(new RefusedTargetError(`${hostname} is not a public host`), '', 0);
          if ((options as { all?: boolean }).all) return (cb as unknown as (e: null, l: LookupAddress[]) => void)(null, list);
          cb(null, list[0]!.address, list[0]!.family);
        });
      },
    },
  });
}

/**
 * A stable code for a failed send (the failing-channel report): `webhookUrlRefused`, `http_<status>`,
 * `smtp_<code>`, `timeout`, a socket error code in lower case (`econnrefused`), or `error`.
 */
export function errorCode(err: unknown): string {
  const seen = new Set<unknown>();
  let e = err as { code?: unknown; status?: unknown; responseCode?: unknown; name?: unknown; cause?: unknown } | undefined;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    if (e.code === TARGET_REFUSED) return TARGET_REFUSED;
    if (typeof e.status === 'number') return `http_${e.status}`;
    if (typeof e.responseCode === 'number') return `smtp_${e.responseCode}`;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'timeout';
    if (typeof e.code === 'string' && /^E[A-Z_]+$/.test(e.code)) return e.code.toLowerCase();
    e = e.cause as typeof e;
  }
  return 'error';
}
