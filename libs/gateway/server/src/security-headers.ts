import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Content-Security-Policy of every page and API answer (issue 18 §4). The shell and the remotes are served from this
 * origin (/ and /remotes/<name>/), so scripts come from 'self' only: no inline script, no eval. Styles allow inline
 * `<style>` elements because the dialog kit (Radix, react-remove-scroll) injects one while a dialog is open; style
 * attributes set by React go through the CSSOM, which CSP does not restrict. Images may be data:/blob: URLs (upload
 * previews, avatars being cropped). 'self' in connect-src covers the same-origin socket (ws:, wss:) in CSP 3.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Served over plain HTTP on a developer's machine and behind a TLS proxy in production: no forced upgrade here.
  upgradeInsecureRequests: null,
} as const;

/** Browser features the portal never uses, switched off for every page (Permissions-Policy). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Registers the security headers on the gateway's Fastify instance (helmet): CSP above,
 * `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer` (signed file links never leave in a Referer),
 * `Cross-Origin-Opener-Policy: same-origin`, `Cross-Origin-Resource-Policy: same-origin`, `X-Content-Type-Options`,
 * Permissions-Policy, and HSTS only on answers to HTTPS requests (`request.protocol`, which honours the
 * gateway's trustProxy setting for a TLS-terminating proxy). A route that sets its own CSP (the sandboxed file
 * downloads, the API docs' hashes) keeps it.
 *
 * helmet's middleware is built once and run in one onRequest hook (helmet's own way on a Node server):
 * @fastify/helmet built it again for every request (its CSP directives parsed each time) in two hooks — 9 % of the
 * gateway's own CPU per request in tools/bench/gateway.ts (224 → 204 µs; issue 39 §1, tools/bench/README.md).
 */
export async function registerSecurityHeaders(fastify: FastifyInstance): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES as never },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  fastify.addHook('onRequest', (req, reply, done) => {
    headers(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  fastify.addHook('onSend', async (req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
