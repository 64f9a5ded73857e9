import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { UserEventData } from '@intranet/people-contract';
import type { BusEvent } from '@intranet/platform-bus';
import { batchedApply, queryRows, type Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import type { JobQueue } from '@intranet/platform-jobs';
import type { AutoKind } from '@intranet/shop-contract';
import { sql } from 'drizzle-orm';
import { LedgerService } from './ledger.service.ts';
import { autoOf } from './mapping.ts';
import { ShopRepository } from './shop.repository.ts';

/**
 * The job queue of the date-driven accruals (birthday, anniversary, years of service): one job per UTC hour, each
 * running every client's current local day (its settings' time zone), so a client's day starts at its own midnight.
 */
export const DATES_QUEUE = 'shop.auto.hourly';

/** Accruals of a day's run written in one tenant transaction (each still its own entry, balance change and event). */
const DAY_CHUNK = 200;

/** The date (YYYY-MM-DD) of instant `at` in IANA zone `tz` (UTC when the zone is unknown). */
export function localDay(at: Date, tz: string): string {
  try {
    // en-CA writes YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** The UTC hour (YYYY-MM-DDTHH) after `hour`. */
export function nextHour(hour: string): string {
  return new Date(new Date(`${hour}:00:00Z`).getTime() + 3600_000).toISOString().slice(0, 13);
}

/** A client's settings as the date-driven accruals read them. */
interface DatedClient {
  client_id: string;
  auto: unknown;
  years_period: number;
  time_zone: string;
}

/** Whether a people user's profile counts as completed (§3 auto-accrual "profile completion"): the fields the shop sees. */
export const profileComplete = (u: Partial<UserEventData>) => !!(u.avatar && u.position && u.department && u.birthDate && u.workingSince);

/** Whole years from `since` (YYYY-MM-DD) to the year of `day` (YYYY-MM-DD), or null when unreadable. */
export const yearsOn = (since: string | null, day: string) => (since && /^\d{4}-/.test(since) ? Number(day.slice(0, 4)) - Number(since.slice(0, 4)) : null);

/**
 * Automatic accruals (§3, issue 32): per client on/off and amount per kind, each written once per cause with the
 * cause as the ledger's unique key (`thanks:<post>:<user>`, `poll:<poll>:<user>`, `idea:<idea>`, `profile:<user>`,
 * `birthday:<user>:<year>`, `anniversary:<user>:<year>`, `years:<user>:<n>`): a redelivered event, a second replica
 * or a retried job adds nothing. The date-driven kinds run from an hourly durable job (PORTS.jobs) on each client's
 * local day (settings `time_zone`): the first run of a local day accrues, the later ones find the causes taken.
 */
@Injectable()
export class AutoService implements OnApplicationBootstrap {
  private started = false;

  constructor(
    private readonly repo: ShopRepository,
    private readonly ledger: LedgerService,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.jobs) private readonly jobs: JobQueue,
  ) {}

  /** Starts the hourly queue and queues the current hour's run (once per hour whichever replica asks). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.jobs.work<{ hour: string }>(
      DATES_QUEUE,
      async (job) => {
        await this.tick(new Date(`${job.data.hour}:01:00Z`));
        await this.queueHour(nextHour(job.data.hour));
      },
      { batchSize: 1 },
    );
    await this.queueHour(new Date().toISOString().slice(0, 13));
  }

  private async queueHour(hour: string): Promise<void> {
    await this.jobs.send(DATES_QUEUE, { hour }, { startAfter: new Date(`${hour}:01:00Z`), causeKey: `hour|${hour}` });
  }

  /**
   * Accrues `kind`'s coins to `userId` for `cause` if the client has the kind on: the entry, or null (off, zero,
   * or the cause already accrued). One tenant transaction.
   */
  async accrue(clientId: string, kind: AutoKind, userId: string, cause: string) {
    return this.db.inTenant({ clientId }, async (tx) => {
      const rule = autoOf((await this.repo.settings(tx))?.auto)[kind];
      if (!rule.on || rule.amount <= 0) return null;
      return this.ledger.accrueIn(tx, { clientId, userId, amount: rule.amount, kind: 'auto', cause, comment: kind });
    });
  }

  /**
   * Accrues many causes of one client, `DAY_CHUNK` to a tenant transaction (a day's run over thousands of employees
   * would otherwise pay a transaction each): every accrual still its entry, balance and event, each cause once.
   * Output: how many were written.
   */
  async accrueAll(clientId: string, items: readonly { kind: AutoKind; userId: string; cause: string }[]): Promise<number> {
    let n = 0;
    for (let i = 0; i < items.length; i += DAY_CHUNK)
      n += await this.db.inTenant({ clientId }, async (tx) => {
        const rules = autoOf((await this.repo.settings(tx))?.auto);
        let written = 0;
        for (const it of items.slice(i, i + DAY_CHUNK)) {
          const rule = rules[it.kind];
          if (!rule.on || rule.amount <= 0) continue;
          if (await this.ledger.accrueIn(tx, { clientId, userId: it.userId, amount: rule.amount, kind: 'auto', cause: it.cause, comment: it.kind })) written++;
        }
        return written;
      });
    return n;
  }

  /** evt.social.post.created: a thank-you post accrues to the one person it thanks. */
  async onPost(evt: BusEvent<{ post: { _id: string; type: string; mentions: string[]; author: { _id: string } } }>): Promise<void> {
    const p = evt.data.post;
    if (!evt.clientId || p.type !== 'thanks') return;
    for (const userId of new Set(p.mentions)) if (userId !== p.author._id) await this.accrue(evt.clientId, 'thanks', userId, `thanks:${p._id}:${userId}`);
  }

  /** evt.polls.poll.answered: one accrual per poll and user. */
  async onPollAnswered(evt: BusEvent<{ pollId: string; userId: string }>): Promise<void> {
    if (evt.clientId) await this.accrue(evt.clientId, 'poll', evt.data.userId, `poll:${evt.data.pollId}:${evt.data.userId}`);
  }

  /** evt.social.idea.accepted: the author's "good idea" accrual, once per idea. */
  async onIdeaAccepted(evt: BusEvent<{ _id: string; author_id: string }>): Promise<void> {
    if (evt.clientId) await this.accrue(evt.clientId, 'idea', evt.data.author_id, `idea:${evt.data._id}`);
  }

  private members?: (evt: BusEvent<Partial<UserEventData>>) => Promise<void>;

  /** evt.people.user.*: the shop's copy of the user (dates, superadmin) and the once-only profile completion accrual. */
  async onUser(evt: BusEvent<Partial<UserEventData>>): Promise<void> {
    const u = evt.data;
    const clientId = u.client_id ?? evt.clientId;
    if (!clientId || !u._id) return;
    // A burst (an import's user events) goes in one transaction per client (`batchedApply`, issue 39).
    this.members ??= batchedApply(
      this.db,
      (e) => e.data.client_id ?? e.clientId,
      async (tx, e) => {
        const m = e.data;
        await this.repo.memberUpsert(tx, {
          clientId: (m.client_id ?? e.clientId)!,
          userId: m._id!,
          birthDate: m.birthDate ?? null,
          workingSince: m.workingSince ?? null,
          superadmin: (m.roles ?? []).includes('superadmin'),
          deleted: !!m.deletion_mark || e.subject.endsWith('.deleted'),
        });
      },
    );
    await this.members(evt);
    // A resync (maintenance) is the user's state sent again, not a change: it refreshes the copy and accrues nothing.
    if (!u.resync && !u.deletion_mark && profileComplete(u)) await this.accrue(clientId, 'profile', u._id, `profile:${u._id}`);
  }

  /**
   * The date-driven accruals at instant `at`: each client's accruals of its local day at `at` (its settings'
   * `time_zone`). Output: how many accruals were written (a second run on the same local day writes none).
   */
  async tick(at: Date = new Date()): Promise<number> {
    let n = 0;
    for (const c of await this.datedClients()) n += await this.clientDay(c, localDay(at, c.time_zone));
    return n;
  }

  /**
   * The date-driven accruals of `day` (YYYY-MM-DD) for every client with one of them on, whatever its zone (a
   * replayed day; the bench). Output: how many accruals were written.
   */
  async daily(day: string): Promise<number> {
    let n = 0;
    for (const c of await this.datedClients()) n += await this.clientDay(c, day);
    return n;
  }

  private datedClients() {
    return this.db.asSystem('shop: date-driven automatic accruals', (tx) =>
      queryRows<DatedClient>(tx, sql`SELECT client_id, auto, years_period, time_zone FROM shop.settings`),
    );
  }

  /**
   * One client's birthdays, anniversaries and years-of-service rewards (every `years_period` years, on the
   * anniversary) of its local `day`; each once per cause.
   */
  private async clientDay(c: DatedClient, day: string): Promise<number> {
    const auto = autoOf(c.auto);
    if (!auto.birthday.on && !auto.anniversary.on && !auto.years.on) return 0;
    const md = day.slice(5);
    const { births, hires } = await this.db.inTenant({ clientId: c.client_id }, async (tx) => ({
      births: auto.birthday.on ? await this.repo.membersOn(tx, 'birth', md) : [],
      hires: auto.anniversary.on || auto.years.on ? await this.repo.membersOn(tx, 'hire', md) : [],
    }));
    const year = day.slice(0, 4);
    const due: { kind: AutoKind; userId: string; cause: string }[] = births.map((m) => ({
      kind: 'birthday',
      userId: m.user_id,
      cause: `birthday:${m.user_id}:${year}`,
    }));
    for (const m of hires) {
      const years = yearsOn(m.date, day);
      if (!years || years < 1) continue;
      due.push({ kind: 'anniversary', userId: m.user_id, cause: `anniversary:${m.user_id}:${year}` });
      if (years % Math.max(1, c.years_period) === 0) due.push({ kind: 'years', userId: m.user_id, cause: `years:${m.user_id}:${years}` });
    }
    return this.accrueAll(c.client_id, due);
  }
}
