import { createHash } from 'node:crypto';
import type { KeyValueStore, RequestContext } from '@intranet/platform-bus';
import type { RouteDef } from '@intranet/platform-contracts';
import { DomainError, Errors } from '@intranet/platform-errors';
import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { GATEWAY_OPTIONS, ROUTE_DEF, type GatewayOptions } from './options.ts';
import { JsonText } from './pipeline.ts';

/** How long the first answer to an Idempotency-Key is kept (and a retry with the key answered from it). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** The header a client sends, one value per user action (the web: one per submit). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;

/** What the store keeps per key: the request's fingerprint and, once answered, the answer. */
interface Entry {
  fingerprint: string;
  done?: { json?: string; raw?: unknown };
}

/**
 * Issue 18 §4 "A write retried after a lost connection must not create a duplicate": a POST contract route called
 * with an `Idempotency-Key` header runs once per caller and key; a retry gets the first answer again (header
 * `idempotent-replayed: true`) for 24 h. The claim is atomic in a store every gateway shares (Bus.keyValue: NATS
 * JetStream KV, in-process when embedded). Errors: the same key while the first call runs → 409
 * `idempotencyInProgress`; with another body or route → 409 `idempotencyKeyReused`; a key that is not 1–200
 * printable ASCII characters → 400. A call that fails is not remembered here: its retry is sent again, and the
 * service answers a call it has already done (after a timeout) with its first result (issue 38 §2).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private store?: Promise<KeyValueStore>;

  constructor(
    @Inject(GATEWAY_OPTIONS) private readonly opts: GatewayOptions,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: RequestContext }>();
    const header = req.headers[IDEMPOTENCY_HEADER];
    const route = this.reflector.get<RouteDef | undefined>(ROUTE_DEF, context.getHandler());
    // An anonymous route (RouteDef.anonymous) keeps nothing per caller: its key store entry would name the sender
    // beside a hash of the report for 24 h.
    if (header === undefined || req.method !== 'POST' || !route || route.anonymous) return next.handle();
    if (typeof header !== 'string' || !KEY_SHAPE.test(header)) {
      throw Errors.field('Idempotency-Key', 'Idempotency-Key must be 1 to 200 printable characters', 'idempotencyKeyInvalid');
    }
    return from(this.run(context, req, route, header, next));
  }

  private async run(context: ExecutionContext, req: FastifyRequest & { user?: RequestContext }, route: RouteDef, key: string, next: CallHandler) {
    const who = req.user?.userId ?? `ip:${req.ip}`;
    const scope = `${req.user?.clientId ?? '-'}:${who}:${key}`;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([route.subject, req.params ?? null, req.query ?? null, req.body ?? null]))
      .digest('base64url');
    const store = await (this.store ??= this.opts.bus.keyValue('idempotency', IDEMPOTENCY_TTL_MS).catch((err: unknown) => {
      this.store = undefined;
      throw err;
    }));
    if (!(await store.create(scope, JSON.stringify({ fingerprint } satisfies Entry)))) {
      const prev = JSON.parse((await store.get(scope)) ?? 'null') as Entry | null;
      if (prev && prev.fingerprint !== fingerprint) {
        throw new DomainError('conflict', 'This Idempotency-Key was used for another request', { code: 'idempotencyKeyReused' });
      }
      if (!prev?.done) throw new DomainError('conflict', 'The first request with this Idempotency-Key is still running', { code: 'idempotencyInProgress' });
      context.switchToHttp().getResponse<FastifyReply>().header('idempotent-replayed', 'true');
      return prev.done.json !== undefined ? new JsonText(prev.done.json) : prev.done.raw;
    }
    // The service records the key in the write's own transaction (platform-outbox runOnce): a retry after this
    // call timed out (503, the write done later) gets the first result from it instead of writing twice.
    if (req.user) req.user = { ...req.user, idempotency: { key: scope, fingerprint } };
    try {
      const value = await lastValueFrom(next.handle(), { defaultValue: undefined });
      const done = value instanceof JsonText ? { json: value.body.toString() } : { raw: value };
      await store.put(scope, JSON.stringify({ fingerprint, done } satisfies Entry));
      return value;
    } catch (err) {
      await store.delete(scope).catch(() => undefined);
      throw err;
    }
  }
}
