import { Inject, Injectable } from '@nestjs/common';
import { AI_DATA_FIELDS, kbEvents, type AiDataField, type AssistantSettings, type kbRoutes } from '@intranet/kb-contract';
import { emit, requireCaller, type Bus, type Caller, type RequestContext } from '@intranet/platform-bus';
import { openSecret, sealSecret, secretsKey, type Config } from '@intranet/platform-config';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { DomainError, Errors, MESSAGES } from '@intranet/platform-errors';
import { PORTS, type Logger } from '@intranet/platform-host';
import type OpenAIModule from 'openai';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { hasRight, sectionRight } from './access.ts';
import { buildMessages } from './assistant-prompt.ts';
import { AssistantRepository } from './assistant.repository.ts';
import { AssistantRetrieval } from './assistant-retrieval.ts';
import type { AssistantSettingsRow } from './schema.ts';
import { ViewerService } from './viewer.service.ts';

let openAILoaded: Promise<typeof OpenAIModule> | undefined;
/** The OpenAI client library, imported on the first question asked: not every process start pays for it (issue 39 §2). */
const loadOpenAI = () => (openAILoaded ??= import('openai').then((m) => m.default));

type In<K extends keyof typeof kbRoutes> = RouteInput<(typeof kbRoutes)[K]>;

/** Questions per user and minute (scaled by RATE_LIMIT_SCALE). */
export const ASK_RATE = { points: 10, seconds: 60 };
/** The model's answer may take this long (ms) before it is cut off with `assistantFailed`. */
const MODEL_TIMEOUT_MS = 60_000;
/** Streamed text is sent to the browser at most this often (ms): one realtime event per token would be wasteful. */
const FLUSH_MS = 40;

/** An OpenAI-compatible connection: the client's own or the installation's (AI_BASE_URL, AI_MODEL, AI_API_KEY). */
interface Connection {
  baseURL: string;
  model: string;
  apiKey: string;
}

/**
 * The AI assistant (issue 37): the company AI data and model connection (administrators), and questions answered
 * from the knowledge base articles the asker may read (AssistantRetrieval: kb's search under the asker's grants),
 * streamed through the official `openai` client as realtime events to the asker's sockets. Never logs questions.
 */
@Injectable()
export class AssistantService {
  private sealKey: Buffer | undefined;
  private readonly limiter: RateLimiterMemory;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) private readonly bus: Bus,
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.log) private readonly log: Logger,
    private readonly repo: AssistantRepository,
    private readonly viewer: ViewerService,
    private readonly retrieval: AssistantRetrieval,
  ) {
    // The key is derived on first use: a production process without SECRETS_KEY still starts (deploy files give it
    // to clients-service only) and refuses only the sealed model keys.
    if (config.NODE_ENV === 'production' && !config.SECRETS_KEY) log.warn('SECRETS_KEY is not set: the model keys cannot be stored or read');
    // Per process: with N replicas of kb-service a user gets at most N times the budget (README, issue 37).
    this.limiter = new RateLimiterMemory({ points: Math.ceil(ASK_RATE.points * config.RATE_LIMIT_SCALE), duration: ASK_RATE.seconds });
  }

  /** The secrets-at-rest key (SECRETS_KEY), derived once on first use. */
  private get key(): Buffer {
    return (this.sealKey ??= secretsKey(this.config));
  }

  /** kb.assistant.settings — the client's AI data and connection (never the key). Errors: 403 (not an admin). */
  async settings(ctx: RequestContext): Promise<AssistantSettings> {
    requireCaller(ctx);
    return this.out(await this.db.inTenant(ctx, (tx) => this.repo.get(tx)));
  }

  /**
   * kb.assistant.configure — saves the fields given; `apiKey` is sealed (AES-256-GCM, SECRETS_KEY), '' removes it.
   * Errors: 400 'Field is required' on `model` when a base URL is set without a model (and none is installed).
   */
  async configure({ body }: In<'assistantConfigure'>, ctx: RequestContext): Promise<AssistantSettings> {
    const { clientId } = requireCaller(ctx);
    const row = await this.db.inTenant(ctx, async (tx) => {
      const old = await this.repo.get(tx);
      const baseUrl = body.baseUrl ?? old?.baseUrl ?? '';
      const model = body.model ?? old?.model ?? '';
      if (baseUrl && !model && !this.config.AI_MODEL) throw Errors.field('model', MESSAGES.required);
      const { apiKey, ...rest } = body;
      const keySealed = apiKey === undefined ? old?.keySealed : apiKey ? sealSecret(this.key, apiKey, `${clientId}:assistant`) : null;
      return this.repo.save(tx, clientId, { ...rest, keySealed: keySealed ?? null });
    });
    return this.out(row);
  }

  /**
   * kb.assistant.ask — retrieves the articles the asker may read that match the question, answers 'streaming' with
   * them as sources and streams the model's answer as evt.kb.assistant.chunk/done to the asker only; 'notSetUp'
   * (nothing streamed) without a connection. Errors: 403 'No access' without the knowledge_base right, 429 'Too many
   * attempts' past ASK_RATE per user.
   */
  async ask({ body }: In<'assistantAsk'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    await this.consume(caller);
    const row = await this.db.inTenant(ctx, (tx) => this.repo.get(tx));
    const conn = this.connection(row);
    const trgm = conn ? await this.retrieval.trigramSchema() : null;
    const articles = await this.viewer.run(ctx, async (tx, r) => {
      if (!hasRight(r, sectionRight('kb'))) throw Errors.noAccess();
      return conn ? this.retrieval.retrieve(tx, r, body.question, trgm) : [];
    });
    if (!conn) return { askId: body.askId, status: 'notSetUp' as const, sources: [] };
    const sources = articles.map((a) => ({ _id: a.id, title: a.title }));
    const messages = buildMessages(this.data(row), articles, body.question, ctx.lang);
    // The answer outlives the request: the route answers at once, the text follows on the asker's socket.
    void this.stream(conn, messages, { clientId: caller.clientId, userId: caller.userId, askId: body.askId, sources });
    return { askId: body.askId, status: 'streaming' as const, sources };
  }

  /** Streams one answer as chunk events, then the done event (with `assistantFailed` when the model failed). */
  private async stream(
    conn: Connection,
    messages: ReturnType<typeof buildMessages>,
    to: { clientId: string; userId: string; askId: string; sources: { _id: string; title: string }[] },
  ): Promise<void> {
    const audience = [to.userId];
    let seq = 0;
    let buf = '';
    let sentAt = 0;
    const flush = async () => {
      if (!buf) return;
      const text = buf;
      buf = '';
      sentAt = Date.now();
      await emit(this.bus, kbEvents.assistantChunk, to.clientId, { askId: to.askId, seq: seq++, text, audience });
    };
    let error: string | null = null;
    try {
      const OpenAI = await loadOpenAI();
      const client = new OpenAI({ baseURL: conn.baseURL, apiKey: conn.apiKey, maxRetries: 0, timeout: MODEL_TIMEOUT_MS });
      const stream = await client.chat.completions.create({ model: conn.model, messages, stream: true });
      for await (const part of stream) {
        buf += part.choices[0]?.delta?.content ?? '';
        if (Date.now() - sentAt >= FLUSH_MS) await flush();
      }
      await flush();
    } catch (e) {
      error = 'assistantFailed';
      // The error only: never the question or the articles.
      this.log.warn('kb assistant: the model failed', { clientId: to.clientId, error: (e as Error).message?.slice(0, 200) });
    }
    await emit(this.bus, kbEvents.assistantDone, to.clientId, { askId: to.askId, sources: to.sources, error, audience }).catch((e: Error) =>
      this.log.warn('kb assistant: done event not sent', { error: e.message }),
    );
  }

  private async consume(caller: Caller): Promise<void> {
    try {
      await this.limiter.consume(`${caller.clientId}:${caller.userId}`);
    } catch (e) {
      if (e instanceof RateLimiterRes)
        throw new DomainError('rate_limited', MESSAGES.tooManyAttempts, { details: { retryAfterSeconds: Math.ceil(e.msBeforeNext / 1000) } });
      throw e;
    }
  }

  /** The connection in force: the client's (a base URL saved), else the installation's, else none. */
  private connection(row: AssistantSettingsRow | undefined): Connection | null {
    if (row?.baseUrl) {
      const apiKey = row.keySealed ? this.openKey(row.clientId, row.keySealed) : '';
      return { baseURL: row.baseUrl, model: row.model || this.config.AI_MODEL || '', apiKey: apiKey || 'none' };
    }
    const c = this.config;
    return c.AI_BASE_URL && c.AI_MODEL ? { baseURL: c.AI_BASE_URL, model: c.AI_MODEL, apiKey: c.AI_API_KEY || 'none' } : null;
  }

  /**
   * The stored key, or '' when it cannot be opened (sealed under another SECRETS_KEY, or for another client id: a
   * workspace imported under a new id): the model then refuses it, and the administrator enters the key again.
   */
  private openKey(clientId: string, sealed: string): string {
    try {
      return openSecret(this.key, sealed, `${clientId}:assistant`);
    } catch {
      this.log.warn('kb assistant: the stored key cannot be opened', { clientId });
      return '';
    }
  }

  private data(row: AssistantSettingsRow | undefined): Record<AiDataField, string> {
    return Object.fromEntries(AI_DATA_FIELDS.map((f) => [f, row?.[f] ?? ''])) as Record<AiDataField, string>;
  }

  private out(row: AssistantSettingsRow | undefined): AssistantSettings {
    const installation = Boolean(this.config.AI_BASE_URL && this.config.AI_MODEL);
    return {
      ...this.data(row),
      baseUrl: row?.baseUrl ?? '',
      model: row?.model ?? '',
      keySet: Boolean(row?.keySealed),
      installation,
      ready: Boolean(row?.baseUrl) || installation,
    };
  }
}
