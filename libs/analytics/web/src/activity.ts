import { SESSION_IDLE_MS, type TRACKED_MODULES } from '@intranet/analytics-contract';

type Module = (typeof TRACKED_MODULES)[number];
/** §3 session report as the shell sends it (user and client come from the caller's session on the server). */
export interface SessionOut {
  sessionStart: string;
  currentTime: string;
}
/** §3 module visit as the shell sends it. */
export interface VisitOut {
  moduleName: Module;
  date: string;
}
/** Sends one batch; `closing`: the page is going away (the request must outlive it: keep-alive). */
export type Send = (batch: { sessions: SessionOut[]; visits: VisitOut[] }, closing: boolean) => void;

/** A path's first segment → the §2 tracked module it belongs to (paths of §2's route table). */
const MODULE_OF: Record<string, Module> = {
  company: 'wall',
  post: 'wall',
  addressBook: 'addressBook',
  groups: 'groups',
  group: 'groups',
  calendar: 'calendar',
  articles: 'kb',
  article: 'articles',
  vacancies: 'vacancies',
  vacancy: 'vacancies',
  services: 'services',
  service: 'services',
  polls: 'polls',
  poll: 'polls',
  structure_new: 'structure',
  report_violation: 'noSilent',
  idea: 'ideas',
  shop: 'shop',
  'task-tracker': 'tasks',
  desk: 'tasks',
  adaptation: 'adaptation',
  vacations: 'vacations',
  courses: 'courses',
  idp: 'idp',
};

/** The tracked module (§2 list) a path belongs to, or null (profile, admin pages, chats... are not tracked). */
export function trackedModuleOf(pathname: string): Module | null {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first === 'courses' && second === 'analytics') return 'coursesAnalytics';
  return (first && MODULE_OF[first]) || null;
}

/** Reports queued beyond this many are sent at once rather than waiting for the next tick (the route takes 100). */
const BATCH = 20;

/**
 * The shell's session and module-visit reporting (§2 navigation rule, §4 session reporting), free of the DOM so a
 * test drives it with its own clock: a session starts on the first activity and is reported once 10 minutes pass
 * without activity (a new one begins with the next activity); leaving a tracked module (for another path, or by
 * closing the page) reports a visit. Reports are batched: sent on `tick` (the caller's timer), when BATCH are
 * queued, and with keep-alive when the page goes away.
 */
export class ActivityTracker {
  private start: number | null = null;
  private last = 0;
  private module: Module | null = null;
  private sessions: SessionOut[] = [];
  private visits: VisitOut[] = [];

  constructor(
    private readonly send: Send,
    private readonly now: () => number = Date.now,
    private readonly idleMs = SESSION_IDLE_MS,
  ) {}

  /** A user action (pointer, key, scroll, navigation): starts a session, or a new one after 10 idle minutes. */
  activity(): void {
    const t = this.now();
    if (this.start !== null && t - this.last >= this.idleMs) this.endSession();
    this.start ??= t;
    this.last = t;
  }

  /** The router's path changed: leaving a tracked module reports its visit. */
  navigate(pathname: string): void {
    this.activity();
    const next = trackedModuleOf(pathname);
    if (this.module && next !== this.module) this.visits.push({ moduleName: this.module, date: new Date(this.now()).toISOString() });
    this.module = next;
    if (this.sessions.length + this.visits.length >= BATCH) this.flush(false);
  }

  /** The caller's timer: ends a session idle for 10 minutes and sends what is queued. */
  tick(): void {
    if (this.start !== null && this.now() - this.last >= this.idleMs) this.endSession();
    this.flush(false);
  }

  /** The page goes away (closed, reloaded, signed out): the open session and module visit end, all is sent now. */
  close(): void {
    // The page was open up to now: within the idle window the session lasts until the close.
    if (this.start !== null && this.now() - this.last < this.idleMs) this.last = this.now();
    this.endSession();
    if (this.module) this.visits.push({ moduleName: this.module, date: new Date(this.now()).toISOString() });
    this.module = null;
    this.flush(true);
  }

  /** The page is shown again after `close` (back-forward cache): the current module counts from now. */
  resume(pathname: string): void {
    this.module = trackedModuleOf(pathname);
    this.activity();
  }

  private endSession(): void {
    if (this.start === null) return;
    this.sessions.push({ sessionStart: new Date(this.start).toISOString(), currentTime: new Date(this.last).toISOString() });
    this.start = null;
  }

  private flush(closing: boolean): void {
    if (!this.sessions.length && !this.visits.length) return;
    const batch = { sessions: this.sessions, visits: this.visits };
    this.sessions = [];
    this.visits = [];
    this.send(batch, closing);
  }
}
