import { afterAll, beforeAll } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Portal } from '@intranet/portal-server';
import { launchChromium } from './chromium.ts';
import { SUPERADMIN, sandboxed } from './testing.ts';
import { startWebPortal, WEB_DIR, type WebPortal } from './web-portal.ts';

export { WEB_DIR };
export { chromiumPath, launchChromium } from './chromium.ts';

export interface BrowserPortal {
  portal: Portal;
  browser: Browser;
  dataDir: string;
  /** A fresh browser context (en-US, 1280×900) on the portal with one page. */
  newPage(): Promise<{ ctx: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * For browser specs: the embedded portal on a free port serving the built web, with the superadmin of
 * `SUPERADMIN`, and Debian's Chromium (`chromiumPath()`: its headless shell when installed; CHROMIUM_PATH overrides). `requires` lists built files under dist/web that
 * must exist (e.g. 'kb/mf-manifest.json'); `inSandbox` starts the portal in the file's own sandbox even under the
 * specs' environment. Close it in `after`.
 */
export async function startBrowserPortal(requires: string[] = ['shell/index.html'], opts: { inSandbox?: boolean } = {}): Promise<BrowserPortal> {
  for (const f of requires) if (!existsSync(join(WEB_DIR, f))) throw new Error(`dist/web/${f} missing: build the web first (tools/scripts/build-web.sh)`);
  // Under the specs' environment (tools/scripts/jest-shared-env.mjs) the portal starts outside this file's sandbox:
  // the servers' modules load at Node's speed, not again in every file's vm context (issue 39).
  // `inSandbox`: a spec that reaches into the servers' objects by their classes (Nest's `app.get(SomeClass)`) needs
  // the classes its own sandbox loaded.
  const host = opts.inSandbox ? undefined : (globalThis as { __intranetWebPortal?: () => Promise<WebPortal> }).__intranetWebPortal;
  const web = host ? await host() : await startWebPortal();
  const { portal, close: unsubscribe } = host ? sandboxed(web.portal) : { portal: web.portal, close: async () => undefined };
  const dataDir = web.dataDir;
  const browser = await launchChromium();
  return {
    portal,
    browser,
    dataDir,
    async newPage() {
      const ctx = await browser.newContext({ locale: 'en-US', baseURL: portal.url, viewport: { width: 1280, height: 900 } });
      return { ctx, page: await ctx.newPage() };
    },
    async close() {
      await browser.close();
      await unsubscribe();
      await web.close();
    },
  };
}

/**
 * The JSON API as browser specs use it for their set-up: `api(method, path, token, body?)` → the answer's `result`,
 * or the whole answer when it carries a `token` (POST api/login); throws `<method> <path>: <status> <body>` on a
 * non-2xx answer. `baseUrl` is read on every call (the portal starts in `beforeAll`). The body is parsed here, not by
 * fetch: fetch belongs to Node's realm, and its objects fail deepStrictEqual against the Jest realm's.
 */
export function apiCaller(baseUrl: () => string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- set-up answers are read ad hoc by the specs
  return async function api<T = any>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
    const res = await fetch(baseUrl() + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const json = JSON.parse(await res.text()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return ('result' in json && !('token' in json) ? json.result : json) as T;
  };
}

/**
 * POST api/login through `api` (an `apiCaller`): `login(email, password)` → `{ token, result: { _id } }` (the user),
 * for the set-up of browser specs; `SUPERADMIN` (the portal's superadmin, `startBrowserPortal`) signs in the same way.
 */
export function loginCaller(api: ReturnType<typeof apiCaller>) {
  return (login: string, password: string) => api<{ token: string; result: { _id: string } }>('POST', '/api/login', null, { login, password });
}

export { SUPERADMIN };

/** axe-core's browser bundle, evaluated through the DevTools protocol (the portal's CSP refuses inline scripts). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page and returns its 'serious' and 'critical' violations, each as one
 * line: rule, impact, help text and the first offending selectors. Shared by the browser specs (a11y walk, domains).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(', ')}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''}`,
    );
}

/**
 * Waits until dnd-kit's live region (a drag's screen-reader sentence) matches `text` (substring or pattern).
 */
export async function dndAnnounced(page: Page, text: string | RegExp): Promise<void> {
  const [source, flags, plain] = typeof text === 'string' ? [text, '', true] : [text.source, text.flags, false];
  await page.waitForFunction(
    ([src, fl, isPlain]) => {
      const said = document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
      return isPlain ? said.includes(src) : new RegExp(src, fl).test(said);
    },
    [source, flags, plain] as const,
  );
}

/**
 * Waits until a keyboard drag (dnd-kit, picked up with Space) takes arrows. Its first "over" sentence (`over`: over
 * the item's own place) comes once the drag is measured (an arrow before it finds no collision rect and is dropped),
 * and the KeyboardSensor listens for arrows only from a `setTimeout` queued when the drag began: one more page
 * macrotask runs after that one.
 */
export async function dndKeyboardReady(page: Page, over: string | RegExp): Promise<void> {
  await dndAnnounced(page, over);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/**
 * Signs in through the real /login/ form and waits until the browser has left it: for `landing` (default: any page
 * but /login) and, when given, until the element with test id `ready` shows (e.g. the wall's 'post-form').
 */
export async function signIn(page: Page, login: string, password: string, opts: { landing?: RegExp; ready?: string } = {}): Promise<void> {
  await page.goto('/login/');
  await page.getByTestId('login-input').fill(login);
  await page.getByTestId('password-input').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(opts.landing ?? ((u) => !u.pathname.startsWith('/login')));
  if (opts.ready) await page.getByTestId(opts.ready).waitFor();
}

/** Horizontal overflow of the page: how many px the document is wider than the viewport, and the widest culprits. */
export async function overflow(page: Page): Promise<{ over: number; culprits: string[] }> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const over = document.documentElement.scrollWidth - vw;
    const culprits: string[] = [];
    if (over > 0) {
      // The outermost elements that stick out past the viewport and are not clipped by a scrolling ancestor.
      const clipped = (el: Element): boolean => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const ox = getComputedStyle(p).overflowX;
          if (ox !== 'visible' && p.getBoundingClientRect().right <= vw + 1) return true;
        }
        return false;
      };
      const name = (el: HTMLElement) =>
        `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''}.${String(el.className).split(' ')[0]}`;
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        const r = el.getBoundingClientRect();
        const parent = el.parentElement?.getBoundingClientRect();
        const positioned = /^(absolute|fixed)$/.test(getComputedStyle(el).position);
        if (r.right > vw + 1 && r.width > 0 && (!parent || parent.right <= vw + 1 || positioned) && !clipped(el)) {
          culprits.push(`${name(el)} right=${Math.round(r.right)}`);
        }
        if (culprits.length >= 6) break;
      }
      // Everything sticks out (a wide body or grid): name the innermost elements that do, the cause is among them.
      if (!culprits.length) {
        // Content (a long word) can overflow a box that fits: then the box's scrollWidth is what sticks out.
        const sticksOut = (el: Element) => {
          const r = el.getBoundingClientRect();
          return Math.max(r.right, r.left + el.scrollWidth) > vw + 1 && !clipped(el);
        };
        for (const el of document.querySelectorAll<HTMLElement>('body *')) {
          if (!sticksOut(el) || [...el.children].some(sticksOut)) continue;
          const r = el.getBoundingClientRect();
          culprits.push(`innermost ${name(el)} width=${Math.round(r.width)} content=${el.scrollWidth} right=${Math.round(r.right)}`);
          if (culprits.length >= 6) break;
        }
      }
    }
    return { over, culprits };
  });
}

/** One person of a browser spec's workspace: the id, the sign-in and the token of a first sign-in through the API. */
export interface SpecUser {
  _id: string;
  email: string;
  password: string;
  token: string;
}

/** A client made by `browserSpec().workspace(...)`, with its admin and a way to add employees. */
export interface SpecWorkspace {
  client: { _id: string; workspace: string };
  admin: SpecUser;
  /** Registers an employee (POST api/register as the admin; lang en, password 'employee1' unless given) and signs them in. */
  addUser(person: {
    firstName: string;
    lastName?: string;
    email: string;
    password?: string;
    roles?: string[];
    extra?: Record<string, unknown>;
  }): Promise<SpecUser>;
}

/**
 * The set-up every domain's browser spec repeats (issue 31 §7): registers Jest's beforeAll/afterAll that start and
 * close `startBrowserPortal(requires)`, and returns the portal's API (`api`, `login`, the superadmin's `su()`) and
 * `workspace(workspace, name)`: a new client (lang en) with its admin 'admin@<workspace>.test' / 'adminpass1' signed in.
 * Call it in a `describe` body. Example:
 * `const spec = browserSpec(['shell/index.html', 'tasks/mf-manifest.json']); ... const w = await spec.workspace('taskweb', 'Task Web Ltd');`
 */
export function browserSpec(requires: string[] = ['shell/index.html']) {
  let started: BrowserPortal | undefined;
  const e = () => {
    if (!started) throw new Error('browserSpec: the portal starts in beforeAll; use it inside a test or hook');
    return started;
  };
  const api = apiCaller(() => e().portal.url);
  const login = loginCaller(api);
  beforeAll(async () => {
    started = await startBrowserPortal(requires);
  });
  afterAll(async () => {
    await started?.close();
  });
  const signedIn = async (_id: string, email: string, password: string): Promise<SpecUser> => ({
    _id,
    email,
    password,
    token: (await login(email, password)).token,
  });
  return {
    /** The started portal and browser (inside tests and hooks). */
    get portal(): Portal {
      return e().portal;
    },
    get browser(): Browser {
      return e().browser;
    },
    newPage: () => e().newPage(),
    api,
    login,
    /** The superadmin, signed in. */
    su: () => login(SUPERADMIN.login, SUPERADMIN.password),
    async workspace(workspace: string, name: string, extra: Record<string, unknown> = {}): Promise<SpecWorkspace> {
      const su = await login(SUPERADMIN.login, SUPERADMIN.password);
      const client = await api<{ _id: string; workspace: string }>('POST', '/api/clients', su.token, { workspace, name, lang: 'en', ...extra });
      const adminEmail = `admin@${workspace}.test`;
      const adminUser = await api<{ _id: string }>('POST', '/api/register', su.token, {
        client_id: client._id,
        firstName: 'Ada',
        lastName: 'Admin',
        email: adminEmail,
        password: 'adminpass1',
        confirmPassword: 'adminpass1',
        roles: ['admin'],
      });
      const admin = await signedIn(adminUser._id, adminEmail, 'adminpass1');
      return {
        client,
        admin,
        async addUser(p) {
          const password = p.password ?? 'employee1';
          const user = await api<{ _id: string }>('POST', '/api/register', admin.token, {
            firstName: p.firstName,
            lastName: p.lastName ?? 'Tester',
            email: p.email,
            password,
            confirmPassword: password,
            lang: 'en',
            ...(p.roles ? { roles: p.roles } : {}),
            ...p.extra,
          });
          return signedIn(user._id, p.email, password);
        },
      };
    },
  };
}
