import type { RequestContext } from '@intranet/platform-bus';
import { parseRouteInput } from '@intranet/platform-bus';
import { BODY_LIMITS, bodyTooLargeText, formatBytes, type RouteDef } from '@intranet/platform-contracts';
import { DomainError, Errors, MESSAGES, toHttp } from '@intranet/platform-errors';
import type { Logger } from '@intranet/platform-host';
import {
  Catch,
  createParamDecorator,
  HttpException,
  Inject,
  Injectable,
  type ArgumentMetadata,
  type ArgumentsHost,
  type CallHandler,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Reflector } from '@nestjs/core';
import { finalize, map, type Observable } from 'rxjs';
import { GATEWAY_OPTIONS, ROUTE_DEF, type GatewayOptions } from './options.ts';

/** Set on a request of an anonymous route (RouteDef.anonymous): nothing about it is logged. */
const ANONYMOUS = Symbol('anonymousRoute');
type AnonymousMark = { [ANONYMOUS]?: boolean };

/**
 * Validates a route's input with its contract's zod schemas (params, query, body) and answers the §8 validation
 * body listing every bad field (parseRouteInput, the same function the services run). The route comes as the
 * parameter decorator's data: `RouteInput(route, RouteInputPipe)`.
 */
@Injectable()
export class RouteInputPipe implements PipeTransform {
  transform(value: { params: unknown; query: unknown; body: unknown }, metadata: ArgumentMetadata) {
    return parseRouteInput(metadata.data as unknown as RouteDef, value);
  }
}

/** The raw input of a contract route (validated by a pipe given with it). */
export const RouteInput = createParamDecorator((_route: unknown, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  return { params: req.params, query: req.query, body: req.body ?? {} };
});

/** The caller's RequestContext the guards built (`request.user`). */
export const Caller = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): RequestContext => ctx.switchToHttp().getRequest<{ user: RequestContext }>().user,
);

/**
 * The one error shape of the API (§8): every error of an HTTP call becomes `{ name, code, message, errors? }` via
 * toHttp, with no stack. Fastify's own failures (bad JSON: 400, body too large: 413) and Nest's not-found come
 * here too; anything unexpected is logged and answered 500 'internal'.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly log: Logger;

  constructor(@Inject(GATEWAY_OPTIONS) opts: GatewayOptions) {
    this.log = opts.log;
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const req = http.getRequest<FastifyRequest>();
    const { status, body } = toHttp(this.domainError(exception, req, (req as AnonymousMark)[ANONYMOUS] === true));
    if (reply.sent) return;
    if (isBodyTooLarge(exception)) {
      // Refused by its size (issue 38 §7): the rest of the body is not read; the connection closes after the answer.
      void reply.header('connection', 'close');
    } else if (!req.raw.readableEnded) {
      // A refused upload: drain what the browser is still sending so the answer reaches it.
      req.raw.resume();
    }
    void reply.status(status).send(body);
  }

  private domainError(err: unknown, req: FastifyRequest, silent: boolean): DomainError {
    if (err instanceof DomainError && err.kind === 'unavailable') return this.unavailable(err, req, silent);
    if (err instanceof DomainError) return err;
    const status = err instanceof HttpException ? err.getStatus() : (err as { statusCode?: number })?.statusCode;
    if (status === 404) return Errors.notFound();
    if (isBodyTooLarge(err)) {
      const limit = req.routeOptions?.bodyLimit ?? BODY_LIMITS.json;
      return new DomainError('payload_too_large', bodyTooLargeText(formatBytes(limit)));
    }
    if (status === 413) return new DomainError('payload_too_large', 'Error: file size too big');
    if (status && status >= 400 && status < 500) return Errors.badRequest((err as Error).message);
    // An anonymous route's failure is not logged: the line's time would date the sender's call.
    if (!silent)
      this.log.error(`${req.method} ${req.routeOptions?.url ?? '(unmatched)'}: ${(err as Error)?.name}: ${(err as Error)?.message}`, { reqId: req.id });
    return Errors.internal();
  }

  /**
   * Issue 38 §10: a 503's internal cause (the bus' `details.cause`: TimeoutError, NoRespondersError; the subject in
   * the bus' message) goes to the log only; the caller gets the §8 text and the error's own code and parameters.
   */
  private unavailable(err: DomainError, req: FastifyRequest, silent: boolean): DomainError {
    const { cause, ...details } = err.details ?? {};
    if (!silent && this.log.enabled('warn'))
      this.log.warn(`${req.method} ${req.routeOptions?.url ?? '(unmatched)'}: unavailable: ${err.message}${cause ? ` (${String(cause)})` : ''}`, {
        reqId: req.id,
      });
    // A domain's own 503 (its code and text, e.g. the HR system out of reach) keeps them; the bus' generic one says
    // only that the service is unavailable.
    const generic = err.code === 'unavailable';
    return new DomainError('unavailable', generic ? MESSAGES.unavailable : err.message, {
      code: err.code,
      params: err.params,
      errors: err.errors,
      ...(Object.keys(details).length ? { details } : {}),
    });
  }
}

/** Fastify's refusal of a body above the route's bodyLimit (Nest wraps it in an HttpException: its cause). */
function isBodyTooLarge(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return (e?.code ?? e?.cause?.code) === 'FST_ERR_CTP_BODY_TOO_LARGE';
}

/**
 * A response body that is JSON text already: a contract route's `{ result }` envelope around the result as its
 * service serialised it (Bus.requestJson), so the gateway neither parses nor serialises it again.
 */
export class JsonText {
  constructor(readonly body: string | Buffer) {}
}

/** A text answer of a 'raw' route with a `contentType` (RouteDef): sent as is with that media type. */
export class TypedText {
  constructor(
    readonly type: string,
    readonly body: string,
  ) {}
}

/**
 * Timing of every API call: adds `server-timing: gw;dur=<ms>` (the gateway's whole handling, bus included) to the
 * answer. A JsonText answer goes out as is, typed JSON. (The request's log line and latency histogram are written
 * once the answer is sent: observability.ts.)
 */
@Injectable()
export class TimingInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const start = performance.now();
    const http = context.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const route = this.reflector.get<RouteDef | undefined>(ROUTE_DEF, context.getHandler());
    // An anonymous route leaves no log line (its time would date the sender's call) and no timing header.
    if (route?.anonymous) {
      (http.getRequest<FastifyRequest>() as AnonymousMark)[ANONYMOUS] = true;
      return next.handle().pipe(map((v) => (v instanceof JsonText ? (reply.type('application/json; charset=utf-8'), v.body) : v)));
    }
    return next.handle().pipe(
      map((v) => {
        if (v instanceof TypedText) {
          reply.type(v.type);
          return v.body;
        }
        if (!(v instanceof JsonText)) return v;
        reply.type('application/json; charset=utf-8');
        return v.body;
      }),
      finalize(() => {
        if (!reply.sent) reply.header('server-timing', `gw;dur=${(performance.now() - start).toFixed(1)}`);
      }),
    );
  }
}
