// @slow 120s: every screen at 390 and 1440 px with axe-core.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { apiCaller, overflow, startBrowserPortal, type BrowserPortal, seriousViolations, SUPERADMIN as SU, loginCaller } from '@intranet/portal-testing/e2e';
import type { Portal } from '@intranet/portal-server';

const ADMIN = { email: 'admin@a11y.test', password: 'adminpass1' };

/** The two widths of issue 8 §5: a phone (390×844) and a desktop (1440×900). */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/**
 * Accessibility and phone width (issue 8 §5): the pages of the shell and the remotes — sign-in, forgot password,
 * wall, a post, profile, birthdays, employees, address book, knowledge base with an article, vacancies with one,
 * admin panel, services (the catalogue, requests to me, service requests, a service's info, steps builder and requests
 * tabs, the services an article names on its page), and
 * clients for the superadmin, a colleague's profile with a long name, the chats and a chat room — at 390×844 and
 * 1440×900 have no 'serious' or 'critical' axe-core violation (WCAG 2.1 A/AA), do not scroll sideways (document
 * scrollWidth ≤ innerWidth; the profile and chat pages also scrollingElement.scrollWidth ≤ clientWidth, issue 29
 * §26), and run under the portal's Content-Security-Policy with no violation (issue 18 §4).
 */
// Per viewport: some 30 pages, each with axe-core (a loaded 2-core machine needs minutes).
jest.setTimeout(600_000);
describe('accessibility and 390 px: the main pages at a phone and a desktop width', () => {
  let portal: Portal;
  let e: BrowserPortal;
  let adminId = '';
  const ids = { post: '', article: '', vacancy: '', service: '', colleague: '', room: '' };

  /** JSON call to the portal's API; returns the `result` (or the whole body), throws on a non-2xx status. */
  const api = apiCaller(() => portal.url);

  const login = loginCaller(api);

  beforeAll(async () => {
    e = await startBrowserPortal([
      'shell/index.html',
      'wall/mf-manifest.json',
      'kb/mf-manifest.json',
      'admin/mf-manifest.json',
      'notifications/mf-manifest.json',
      'bp/mf-manifest.json',
      'chat/mf-manifest.json',
    ]);
    portal = e.portal;
    // A client in English with its administrator, two employees, a post on the wall and a knowledge-base article.
    const su = await login(SU.login, SU.password);
    const client = await api<{ _id: string }>('POST', '/api/clients', su.token, { workspace: 'a11y', name: 'Access Ltd', lang: 'en' });
    const adminUser = await api<{ _id: string }>('POST', '/api/register', su.token, {
      client_id: client._id,
      firstName: 'Ada',
      lastName: 'Admin',
      email: ADMIN.email,
      password: ADMIN.password,
      confirmPassword: ADMIN.password,
      roles: ['admin'],
      position: 'Head of operations and long titles',
    });
    adminId = adminUser._id;
    const admin = await login(ADMIN.email, ADMIN.password);
    for (const [f, l] of [
      ['Maximiliana', 'Featherstonehaugh-W'],
      ['Bob', 'Baker'],
    ]) {
      const made = await api<{ _id: string }>('POST', '/api/register', admin.token, {
        firstName: f,
        lastName: l,
        email: `${f.toLowerCase()}@a11y.test`,
        password: 'employee1',
        confirmPassword: 'employee1',
        position: 'Senior principal engineer of everything',
        department: 'Research and development',
      });
      ids.colleague ||= made._id;
    }
    const create = async (path: string, body: unknown) => (await api<{ _id: string }>('POST', path, admin.token, body))._id;
    ids.post = await create('/api/post', {
      type: 'post',
      message: 'Welcome to the new intranet! https://example.com/a/very/long/link/that/should/wrap/and/not/widen/the/page/at/all',
    });
    ids.article = await create('/api/article', {
      section: 'kb',
      title: 'Onboarding handbook for new colleagues in every department',
      content: '<p>Read me first: https://example.com/an/even/longer/link/inside/an/article/body/that/must/wrap/on/a/phone</p>',
    });
    ids.vacancy = await create('/api/article', {
      section: 'vacancy',
      title: 'Senior principal engineer of everything',
      content: '<p>Build the intranet.</p>',
      salaryFrom: 1000,
      salaryTo: 2000,
      receivers: [adminId],
    });
    // Issue 12: a structure with a sub-department and a planned vacation, so both pages show content.
    const root = await create('/api/structure', { kind: 'org', name: 'Accessible Inc' });
    await create('/api/structure', { kind: 'org', name: 'Research and development department of the company', parent: root });
    await create('/api/user/vacation', {
      start: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      end: new Date(Date.now() + 27 * 86_400_000).toISOString().slice(0, 10),
    });
    // Issue 15: a service group with a 2-step service whose start form has a few field types, and a request of it;
    // the service names the article (its page lists it), and a service request asks the administrators for it.
    const group = await create('/api/service_group', { name: 'Office services for every department' });
    ids.service = await create('/api/bp', {
      name: 'Order business cards with a very long service name that must wrap',
      description: 'Business cards printed in a week.',
      group,
      days_limit: 5,
      article: ids.article,
      steps: [
        {
          name: 'Request',
          fields: [
            { name: 'Title on the card', type: 'string', required: true },
            { name: 'Day', type: 'date' },
            { name: 'Paper', type: 'select', options: ['matte', 'glossy'] },
            { name: 'Design file', type: 'file' },
          ],
          performers: [],
        },
        { name: 'Office approves', fields: [{ name: 'Printed on', type: 'date' }], performers: [{ kind: 'employee', users: [adminId] }] },
      ],
    });
    const service = await api<{ steps: { fields: { _id: string }[] }[] }>('GET', `/api/bp/${ids.service}`, admin.token);
    await create('/api/bp/start', { bp: ids.service, values: { [service.steps[0]!.fields[0]!._id]: 'Ada Admin' } });
    await create('/api/user/send_service_req', { text: 'Please add a service for ordering a very long list of office supplies', bp: null });
    // Issue 29 §25–26: a direct chat with the long-named colleague, with a message, for the chat pages.
    ids.room = await create('/api/chat/room', { direct: true, members: [ids.colleague] });
    await create('/api/chat/msg', { room_id: ids.room, content: 'Hello! https://example.com/a/very/long/link/that/must/wrap/inside/the/bubble/on/a/phone' });
  });
  afterAll(() => e?.close());

  /** A browser context of the given size signed in as `who` (or signed out when null). */
  async function pageAt(browser: Browser, vp: (typeof VIEWPORTS)[number], who: { login: string; password: string } | null): Promise<Page> {
    const ctx = await browser.newContext({ locale: 'en-US', baseURL: portal.url, viewport: { width: vp.width, height: vp.height } });
    const page = await ctx.newPage();
    // Issue 18 §4: every Content-Security-Policy violation of a page is recorded from its first script on.
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
      );
    });
    if (who) {
      await page.goto('/login/');
      await page.getByTestId('login-input').fill(who.login);
      await page.getByTestId('password-input').fill(who.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    }
    return page;
  }

  /** Opens `path`, waits for the screen (its `ready` test id, no loader), and returns what it finds wrong. */
  async function check(page: Page, path: string, ready: string | RegExp): Promise<string[]> {
    await page.goto(path);
    await page.getByTestId(ready).first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForFunction(() => !document.querySelector('[data-testid="loader"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
    const problems = (await seriousViolations(page)).map((v) => `${path}: ${v}`);
    const csp = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    problems.push(...csp.map((v) => `${path}: CSP violation: ${v}`));
    const o = await overflow(page);
    if (o.over > 0) problems.push(`${path}: the page scrolls sideways by ${o.over}px (${o.culprits.join('; ')})`);
    // Issue 29 §26: the profile and chat pages, measured as a phone scrolls (the scrolling element, scrollbar excluded).
    if (/^\/(profile|chat)\b/.test(path)) {
      const s = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, client: document.scrollingElement!.clientWidth }));
      if (s.scroll > s.client) problems.push(`${path}: scrollingElement is ${s.scroll}px wide in ${s.client}px`);
    }
    return problems;
  }

  for (const vp of VIEWPORTS) {
    it(`has no serious/critical axe violation, no sideways scroll and no CSP violation at ${vp.width}×${vp.height} (${vp.name})`, async () => {
      const problems: string[] = [];
      const anon = await pageAt(e.browser, vp, null);
      problems.push(...(await check(anon, '/login/', 'login-submit')));
      problems.push(...(await check(anon, '/forgot-password/', 'forgot-submit')));
      await anon.context().close();

      const admin = await pageAt(e.browser, vp, { login: ADMIN.email, password: ADMIN.password });
      for (const [path, ready] of [
        ['/company', 'post-form'],
        [`/profile/${adminId}`, 'root-layout'],
        [`/profile/${ids.colleague}`, 'profile-page'],
        ['/chat', 'chat-list'],
        [`/chat/${ids.room}`, 'chat-composer'],
        ['/employees/', 'employees-import'],
        ['/addressBook/', 'root-layout'],
        ['/articles/', 'kb-new-folder'],
        [`/article/${ids.article}`, 'article-content'],
        ['/vacancies/', 'vacancies-page'],
        [`/vacancy/${ids.vacancy}`, 'vacancy-content'],
        [`/post/${ids.post}`, 'post-page'],
        ['/birthdays', 'birthdays-page'],
        ['/admin/', 'root-layout'],
        // The list once the administrator has been told of something (e.g. the service request above), else empty.
        ['/notifications', /^notifications-(list|empty)$/],
        ['/notifications?tab=settings', 'notifications-settings'],
        ['/notifications?tab=templates', 'notif-template-form'],
        ['/structure_new', 'structure-tree'],
        ['/vacations', 'vac-timeline'],
        ['/services/', `bp-service-${ids.service}`],
        ['/services/?tab=tome', 'bp-requests-performer'],
        [`/service/${ids.service}`, 'bp-info'],
        [`/service/${ids.service}?tab=steps`, 'bp-steps-editor'],
        [`/service/${ids.service}?tab=requests`, 'bp-service-requests'],
        ['/services/?tab=asks', 'bp-asks'],
        [`/article/${ids.article}`, 'bp-article-services'],
      ] as const) {
        problems.push(...(await check(admin, path, ready)));
      }
      await admin.context().close();

      const su = await pageAt(e.browser, vp, SU);
      problems.push(...(await check(su, '/clients', 'client-create-open')));
      await su.context().close();

      assert.deepEqual(problems, [], `at ${vp.width}px:\n${problems.join('\n')}`);
    });
  }
});
