import type { RouteDef } from '@intranet/platform-contracts';
import { authHeaders, routeUrl } from '@intranet/web-api';

/**
 * POSTs a report that must outlive the page (§2/§4: reports survive closing the tab): `fetch` with `keepalive`, as
 * `sendBeacon` cannot carry the bearer token. Best effort: a lost report is not retried (analytics, not data).
 */
export function postKeepalive(route: Pick<RouteDef, 'path'>, body: unknown): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...authHeaders() };
  if (!headers.Authorization) return;
  void fetch(routeUrl(route), { method: 'POST', headers, body: JSON.stringify(body), keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}
