import {
  Catch,
  Controller,
  Inject,
  Module,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type RpcExceptionFilter,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { MessagePattern, Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import type { INestMicroservice } from '@nestjs/common';
import { parseRouteInput, type Bus, type BusRequest, type RequestContext, type RouteHandlers, type RouteMessage } from '@intranet/platform-bus';
import { zodFieldErrors, type RouteDef, type SubjectDef } from '@intranet/platform-contracts';
import { Errors } from '@intranet/platform-errors';
import type { z } from 'zod';
import type { Config } from '@intranet/platform-config';
import { withoutTenantTxHook, type Database, type MigrationSet } from '@intranet/platform-db';
import { runOnce } from '@intranet/platform-outbox';
import { PLATFORM_MIGRATIONS } from './migrations.ts';
import { addReadinessCheck, migrationsCheck } from './observability.ts';
import { lastValueFrom, throwError, type Observable } from 'rxjs';
import type { DomainDeps, Platform } from './index.ts';

/**
 * Injection tokens of the platform ports (DESIGN §1). A domain provider asks for one port with
 * `@Inject(PORTS.db)`, or for all of them as the DomainDeps object the handler factories take (`DOMAIN_DEPS`).
 */
export const PORTS = {
  db: 'platform:Database',
  bus: 'platform:Bus',
  storage: 'platform:Storage',
  mailer: 'platform:Mailer',
  log: 'platform:Logger',
  config: 'platform:Config',
  /** The Outbox bound to the process's relay (DESIGN §6). */
  outbox: 'platform:Outbox',
  /** The process's JobQueue (durable scheduled work, DESIGN §6, ADR 0011). */
  jobs: 'platform:JobQueue',
} as const;

/** Token of the DomainDeps object (every port at once) that the domains' handler factories receive. */
export const DOMAIN_DEPS = 'platform:DomainDeps';

/**
 * The platform ports as global providers. The host opens them (openPlatform: PGlite or PostgreSQL, the
 * in-process bus or NATS, ...) and hands them to Nest; the domain modules never know the mode.
 */
@Module({})
export class PlatformModule {
  /** A global module providing `PORTS.*` and `DOMAIN_DEPS` from an opened platform. */
  static forPlatform(p: Platform): DynamicModule {
    const ports = [
      { provide: PORTS.db, useValue: p.db },
      { provide: PORTS.bus, useValue: p.bus },
      { provide: PORTS.storage, useValue: p.storage },
      { provide: PORTS.mailer, useValue: p.mailer },
      { provide: PORTS.log, useValue: p.log },
      { provide: PORTS.config, useValue: p.config },
      { provide: PORTS.outbox, useValue: p.outbox },
      { provide: PORTS.jobs, useValue: p.jobs },
    ];
    const deps = {
      provide: DOMAIN_DEPS,
      useFactory: (
        db: Platform['db'],
        bus: Bus,
        storage: Platform['storage'],
        mailer: Platform['mailer'],
        log: Platform['log'],
        config: Config,
        outbox: Platform['outbox'],
      ): DomainDeps => ({
        db,
        bus,
        storage,
        mailer,
        log,
        config,
        outbox,
      }),
      inject: [PORTS.db, PORTS.bus, PORTS.storage, PORTS.mailer, PORTS.log, PORTS.config, PORTS.outbox],
    };
    return { module: PlatformModule, global: true, providers: [...ports, deps], exports: [...ports.map((x) => x.provide), DOMAIN_DEPS] };
  }
}

/** What a host needs to know about a domain module before it starts it. */
export interface DomainInfo {
  /** The domain's name: NATS queue group of its service, `<name>-service` in messages. */
  name: string;
  /** Absent while a domain has no tables yet. Run by the host before the module starts. */
  migrations?: MigrationSet;
  /**
   * Variables the service cannot run without in distributed mode (beyond DATABASE_URL and NATS_URL), e.g.
   * JWT_SECRET for the one that signs tokens; the embedded portal supplies its own fallbacks.
   */
  requiredConfig?: (keyof Config)[];
}

const DOMAIN_INFO = Symbol('intranet:domain');

/** `@Module` of a domain plus its DomainInfo (read by the hosts with `domainOf`). */
export function Domain(info: DomainInfo & ModuleMetadata): ClassDecorator {
  const { name, migrations, requiredConfig, ...meta } = info;
  return (target) => {
    Reflect.defineMetadata(DOMAIN_INFO, { name, migrations, requiredConfig } satisfies DomainInfo, target);
    Module(meta)(target);
  };
}

/** The DomainInfo of a class decorated with `@Domain`; throws for anything else. */
export function domainOf(module: Type): DomainInfo {
  const info = Reflect.getMetadata(DOMAIN_INFO, module) as DomainInfo | undefined;
  if (!info) throw new Error(`${module.name} is not a @Domain module`);
  return info;
}

/**
 * Method decorator binding a contract route (DESIGN §4): `MessagePattern(route.subject)`, and around the method
 * what the service enforces whoever calls it — the input is validated again (parseRouteInput: the §8 validation
 * error listing every bad field) and the output parsed by the result schema, which strips any field the
 * contract does not list (a password hash can never leak). The method receives `(input, ctx)`; the bus message
 * is the gateway's `{ ctx, input: { params, query, body } }`.
 */
export function RouteHandler(route: RouteDef): MethodDecorator {
  return (target, key, descriptor: PropertyDescriptor) => {
    const fn = descriptor.value as (input: unknown, ctx: BusRequest['ctx']) => Promise<unknown>;
    const bound = async function (this: unknown, req: BusRequest) {
      const input = parseRouteInput(route, (req.input ?? {}) as RouteMessage);
      return route.result.parse(await fn.call(this, input, req.ctx));
    };
    Object.defineProperty(bound, 'name', { value: fn.name });
    descriptor.value = bound;
    MessagePattern(route.subject)(target, key, descriptor);
    return descriptor;
  };
}

/**
 * Method decorator binding a contract's bus-only subject (defineSubject, e.g. `people.internal.session`):
 * `MessagePattern(def.subject)`; the method receives `(input, ctx)` with the input parsed by the request schema (a
 * bad one is a 400 validation error) and its answer is parsed by the reply schema.
 */
export function SubjectHandler(def: SubjectDef): MethodDecorator {
  return (target, key, descriptor: PropertyDescriptor) => {
    const fn = descriptor.value as (input: unknown, ctx: BusRequest['ctx']) => Promise<unknown>;
    const bound = async function (this: unknown, req: BusRequest) {
      const input = def.request.safeParse(req.input ?? {});
      if (!input.success) throw Errors.validation(zodFieldErrors(input.error));
      return def.reply.parse(await fn.call(this, input.data, req.ctx));
    };
    Object.defineProperty(bound, 'name', { value: fn.name });
    descriptor.value = bound;
    MessagePattern(def.subject)(target, key, descriptor);
    return descriptor;
  };
}

const HANDLERS = Symbol('handlers');

/**
 * A controller with one `@RouteHandler` method per route of a contract, delegating to the handler map that the
 * provider `handlers` (a token) supplies — the contract stays the only place of subjects and schemas, and the
 * handler factories (authHandlers, postHandlers, ...) stay as they are. Throws at start for a missing handler.
 */
export function RouteController<T extends Record<string, RouteDef>>(name: string, routes: T, handlers: InjectionToken): Type {
  const Routes = class {
    [HANDLERS]: RouteHandlers<T>;
    constructor(h: RouteHandlers<T>) {
      for (const key of Object.keys(routes)) if (typeof h[key] !== 'function') throw new Error(`No handler for route ${key} (${routes[key].subject})`);
      this[HANDLERS] = h;
    }
  };
  for (const [key, route] of Object.entries(routes)) {
    const descriptor: PropertyDescriptor = {
      value: function (this: InstanceType<typeof Routes>, input: never, ctx: BusRequest['ctx']) {
        return this[HANDLERS][key](input, ctx);
      },
      writable: true,
      configurable: true,
    };
    Object.defineProperty(Routes.prototype, key, RouteHandler(route)(Routes.prototype, key, descriptor) ?? descriptor);
  }
  return finishController(Routes, name, handlers);
}

/** The handlers of a contract's request subjects: each gets the input parsed by its request schema. */
export type SubjectHandlers<T extends Record<string, SubjectDef>> = {
  [K in keyof T]: (input: z.output<T[K]['request']>, ctx: RequestContext) => Promise<z.input<T[K]['reply']>>;
};

/**
 * A controller answering a contract's bus-only subjects (internal requests such as `people.internal.session`,
 * declared with defineSubject) with the map `{ [key]: handler }` that the provider `handlers` supplies (keys as in
 * `subjects`). As `serve`: the handler gets the input parsed by the request schema (a bad one is a 400 validation
 * error), and its answer is parsed by the reply schema. Throws at start for a missing handler.
 */
export function SubjectController<T extends Record<string, SubjectDef>>(name: string, subjects: T, handlers: InjectionToken): Type {
  const Subjects = class {
    [HANDLERS]: SubjectHandlers<T>;
    constructor(h: SubjectHandlers<T>) {
      for (const key of Object.keys(subjects)) if (typeof h[key] !== 'function') throw new Error(`No handler for subject ${key} (${subjects[key].subject})`);
      this[HANDLERS] = h;
    }
  };
  for (const [key, def] of Object.entries(subjects)) {
    const descriptor: PropertyDescriptor = {
      value: async function (this: InstanceType<typeof Subjects>, req: BusRequest) {
        const input = def.request.safeParse(req.input ?? {});
        if (!input.success) throw Errors.validation(zodFieldErrors(input.error));
        return def.reply.parse(await this[HANDLERS][key](input.data as never, req.ctx));
      },
      writable: true,
      configurable: true,
    };
    MessagePattern(def.subject)(Subjects.prototype, key, descriptor);
    Object.defineProperty(Subjects.prototype, key, descriptor);
  }
  return finishController(Subjects, name, handlers);
}

function finishController(cls: Type, name: string, handlers: InjectionToken): Type {
  Object.defineProperty(cls, 'name', { value: name });
  Inject(handlers)(cls, undefined, 0);
  Controller()(cls);
  return cls;
}

/** Options of `@EventPattern(subject, extras)` understood by BusTransport. */
export interface EventExtras {
  /** Durable (JetStream) consumer name: events wait while the service is down and are redelivered until handled. */
  durable?: string;
  /** With `durable`: a new consumer starts from the oldest event the stream keeps (projections only). */
  replay?: boolean;
}

/**
 * Nest transport strategy over the project's Bus port — the same in both modes: the InProcessBus in the
 * embedded portal, NatsBus in a service (core-NATS request/reply in Nest's packet format with the domain's queue
 * group, claim check above 1 MB, SUBs flushed before ready; events on JetStream with durable consumers).
 * `@MessagePattern` handlers become `bus.handle`, `@EventPattern` handlers `bus.subscribe` with their extras;
 * the durable ones after `bus.start()`, which creates the event stream.
 */
export class BusTransport extends Server implements CustomTransportStrategy {
  /** `db`: where calls carrying an Idempotency-Key record it (runOnce); without it only the gateway's store guards. */
  constructor(
    private readonly bus: Bus,
    private readonly db?: Database,
  ) {
    super();
  }

  async listen(callback: (err?: unknown) => void): Promise<void> {
    try {
      const events: [string, MessageHandler][] = [];
      for (const [pattern, head] of this.messageHandlers) {
        if (!head.isEventHandler) {
          this.bus.handle(pattern, (req) => this.serve(head, req));
          continue;
        }
        // Nest chains handlers of one pattern (kb and social both project people's users); each has its own
        // consumer here, so a failure redelivers to that one only.
        for (let h: MessageHandler | undefined = head; h;) {
          const next: MessageHandler | undefined = h.next;
          h.next = undefined;
          events.push([pattern, h]);
          h = next;
        }
      }
      await this.bus.start();
      for (const [pattern, h] of events) {
        const extras = (h.extras ?? {}) as EventExtras;
        await this.bus.subscribe(pattern, (evt) => withoutTenantTxHook(() => this.run(h, evt)).then(() => undefined), {
          durable: extras.durable,
          replay: extras.replay,
        });
      }
      callback();
    } catch (err) {
      callback(err);
    }
  }

  /**
   * A request: once per Idempotency-Key when the gateway sent one (runOnce records the key in the write's
   * transaction), else as is. Either way outside any caller's transaction hook (an in-process caller's ALS).
   */
  private serve(handler: MessageHandler, req: BusRequest): Promise<unknown> {
    const key = req?.ctx?.idempotency;
    if (key && this.db) {
      const db = this.db;
      return withoutTenantTxHook(() => runOnce(db, req.ctx, key, () => this.run(handler, req)));
    }
    return withoutTenantTxHook(() => this.run(handler, req));
  }

  /** Runs a Nest handler; resolves with its (last) value or rejects with what it threw (see ForwardErrors). */
  private async run(handler: MessageHandler, data: unknown): Promise<unknown> {
    return lastValueFrom(this.transformToObservable(await handler(data)), { defaultValue: undefined });
  }

  /** The bus is the host's: it closes it after the application (platform.close), so nothing to do here. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  on(): never {
    throw new Error('BusTransport has no events');
  }

  unwrap<T>(): T {
    return this.bus as T;
  }
}

/**
 * Passes any error a handler throws on unchanged, so the bus serializes DomainErrors (code, text, field list)
 * as before instead of Nest's generic `{ status: 'error', message }`; unexpected errors still become a 500
 * without stack in the bus (runHandler).
 */
@Catch()
export class ForwardErrors implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}

/**
 * Migrates the platform's schemas (outbox, audit journal, job queue) and then the domains, then runs them as one Nest microservice on the platform's bus (BusTransport) and
 * resolves once it is serving: `OnApplicationBootstrap` hooks (the superadmin) have run, requests are bound,
 * durable consumers attached, and the platform's outbox relay started (after the bus: it publishes what earlier
 * runs left behind at once); the job workers the domains registered on the held queue start then (JobQueue.release),
 * not awaited. Close the returned app before the platform (whose close stops the relay first).
 */
export async function startDomains(platform: Platform, modules: Type[]): Promise<INestMicroservice> {
  const sets = [...PLATFORM_MIGRATIONS, ...modules.flatMap((m) => domainOf(m).migrations ?? [])];
  await platform.db.migrate(sets);
  // /readyz: every migration of this process's sets is applied (read-only check).
  platform.onClose(addReadinessCheck('migrations', migrationsCheck(platform.db, sets)));
  const Host = class {};
  Object.defineProperty(Host, 'name', { value: `Domains(${modules.map((m) => domainOf(m).name).join(',')})` });
  // ScheduleModule: a domain's in-process intervals are `@Interval` methods of its providers (issue 30 §3), cleared on close.
  Module({ imports: [PlatformModule.forPlatform(platform), ScheduleModule.forRoot(), ...modules] })(Host);
  const app = await NestFactory.createMicroservice(Host, { strategy: new BusTransport(platform.bus, platform.db), logger: false });
  app.useGlobalFilters(new ForwardErrors());
  // NestMicroservice.init runs the init and bootstrap hooks after core's init has already run them (microservices
  // 12.1 over core 12.5): a second run mounts every `@Interval` again and fails the start. Core's run is the one.
  (app as unknown as { setIsInitHookCalled?(done: boolean): void }).setIsInitHookCalled?.(true);
  await app.init();
  await app.listen();
  platform.relay.start();
  // The job workers the domains registered (work() on the held queue) start now, off the start-up's path; /readyz
  // waits for them (JobQueue.serving).
  platform.jobs.release();
  return app;
}
