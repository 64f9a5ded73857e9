// @slow 35s: a board in several browser contexts.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserSpec, dndAnnounced, dndKeyboardReady, overflow, seriousViolations, signIn } from '@intranet/portal-testing/e2e';

jest.setTimeout(240_000);
/**
 * The task board as two people use it (issue 17 "Browser"): Ann (the owner) drags a card to another lane with the
 * mouse and reorders one with the keyboard; Bob, a member with the view right, has the board open and sees both
 * moves without reloading, and cannot drag a card himself.
 */
describe('task board in the browser: A moves cards, B (view only) sees it live and cannot drag', () => {
  const spec = browserSpec(['shell/index.html', 'tasks/mf-manifest.json']);

  /** Names of the cards of a lane, top to bottom. */
  const laneCards = (page: Page, lane: string) =>
    page.$$eval(`[data-testid="lane-${lane}"] [data-testid^="card-"]`, (els) => els.map((el) => el.querySelector('.tt-card__name')?.textContent ?? null));
  const waitLane = (page: Page, lane: string, names: string[]) =>
    page.waitForFunction(
      ([l, want]) =>
        JSON.stringify(
          [...document.querySelectorAll(`[data-testid="lane-${l}"] [data-testid^="card-"]`)].map(
            (el) => el.querySelector('.tt-card__name')?.textContent ?? null,
          ),
        ) === want,
      [lane, JSON.stringify(names)] as const,
    );
  const drag = async (page: Page, from: string, to: string) => {
    const a = (await page.getByTestId(from).boundingBox())!;
    const b = (await page.getByTestId(to).boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height - 20, { steps: 20 });
    await page.mouse.up();
  };
  /**
   * Resolves once the page's realtime socket is identified (the gateway's ack `{ok: true}` to §4 identify: the socket
   * is in the client's and the user's rooms). Call before the navigation that opens the socket.
   */
  const liveSocket = (page: Page) =>
    new Promise<void>((resolve) =>
      page.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => {
          if (/^43[^[]*\[\{"ok":true\}\]$/.test(String(payload))) resolve();
        }),
      ),
    );

  it('runs the board story with two people', async () => {
    const { api } = spec;
    const w = await spec.workspace('taskweb', 'Task Web Ltd');
    const ann = await w.addUser({ firstName: 'Ann', email: 'ann@taskweb.test' });
    const bob = await w.addUser({ firstName: 'Bob', email: 'bob@taskweb.test' });
    const desk = await api<{ _id: string; lanes: { _id: string }[] }>('POST', '/api/desk', ann.token, {
      name: 'Launch',
      lanes: ['To do', 'Done'],
      members: [{ user: bob._id, right: 'view' }],
    });
    const [todo, done] = desk.lanes.map((l) => l._id) as [string, string];
    const card: Record<string, string> = {};
    for (const name of ['Card one', 'Card two', 'Card three'])
      card[name] = (await api<{ _id: string }>('PUT', `/api/task_tracker/${desk._id}/${todo}/add_task`, ann.token, { name }))._id;

    const a = await spec.newPage();
    const b = await spec.newPage();
    await signIn(a.page, 'ann@taskweb.test', 'employee1');
    await signIn(b.page, 'bob@taskweb.test', 'employee1');
    // Both browsers hold a live socket before Ann acts (the board listens from its first render).
    const live = [liveSocket(a.page), liveSocket(b.page)];
    for (const p of [a.page, b.page]) {
      await p.goto(`/desk/${desk._id}`);
      await waitLane(p, todo, ['Card one', 'Card two', 'Card three']);
    }
    await Promise.all(live);
    // Every move Bob's page asks the server for (there must be none: he may only view).
    const bobMoves: string[] = [];
    b.page.on('request', (r) => {
      if (r.url().includes('/move_task')) bobMoves.push(r.url());
    });

    // Bob may only view: his cards are not draggable, and a drag attempt changes nothing.
    assert.equal(await b.page.getByTestId(`card-${card['Card one']}`).getAttribute('data-draggable'), 'false');
    await drag(b.page, `card-${card['Card one']}`, `lane-${done}`);
    assert.deepEqual(await laneCards(b.page, done), []);

    // Ann drags "Card one" to Done with the mouse; Bob's board follows without a reload.
    assert.equal(await a.page.getByTestId(`card-${card['Card one']}`).getAttribute('data-draggable'), 'true');
    await drag(a.page, `card-${card['Card one']}`, `lane-${done}`);
    await waitLane(a.page, done, ['Card one']);
    await waitLane(b.page, done, ['Card one']);
    await waitLane(b.page, todo, ['Card two', 'Card three']);

    // Ann reorders with the keyboard (dnd-kit: Space picks up, ↓ moves, Space drops); Bob sees the new order.
    await a.page.getByTestId(`card-${card['Card two']}`).focus();
    await a.page.keyboard.press('Space');
    await dndKeyboardReady(a.page, 'Task "Card two" is over lane "To do"');
    await a.page.keyboard.press('ArrowDown');
    await dndAnnounced(a.page, 'over task "Card three"');
    await a.page.keyboard.press('Space');
    await waitLane(a.page, todo, ['Card three', 'Card two']);
    await waitLane(b.page, todo, ['Card three', 'Card two']);
    // Bob's drag attempt sent nothing (checked after Ann's moves, which his page has shown since).
    assert.deepEqual(bobMoves, []);

    // The server agrees with both screens.
    const board = await api<{ tasks: { name: string; lane_id: string }[] }>('GET', `/api/desk/${desk._id}`, ann.token);
    assert.deepEqual(
      board.tasks.map((t) => [t.name, t.lane_id === done ? 'done' : 'todo']),
      [
        ['Card three', 'todo'],
        ['Card two', 'todo'],
        ['Card one', 'done'],
      ],
    );

    // Comments in the task drawer (the wall's posts with parent task): Ann writes; Bob (view only) reads them, live,
    // and has no form.
    await a.page.goto(`/desk/${desk._id}?task=${card['Card two']}`);
    await b.page.goto(`/desk/${desk._id}?task=${card['Card two']}`);
    await a.page.getByTestId('task-comment-text').fill('Needs a second look');
    await a.page.getByTestId('task-comment-send').click();
    const comments = b.page.getByTestId('task-comments');
    await comments.getByText('Needs a second look').waitFor();
    assert.equal(await b.page.getByTestId('task-comment-text').count(), 0);
    await a.page.getByTestId('task-comment-text').fill('Done, looks fine');
    await a.page.getByTestId('task-comment-send').click();
    await comments.getByText('Done, looks fine').waitFor();

    // Ann (the owner) picks Bob as the performer with the people picker: the address-book search from the second
    // symbol (@intranet/web-ui/people-search), his e-mail under his name, then his chip; saved, the card shows him
    // (and the axe checks below see a card with a performer: its name is its content, WCAG 2.5.3).
    const searches: string[] = [];
    a.page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/user/filter')) searches.push(r.postData() ?? '');
    });
    await a.page.getByTestId('task-performer-search').fill('B');
    // The co-performers' picker searches "Bo" after the same debounce, started later: once its request is out, a
    // search for "B" would have been sent before it.
    const coSearch = a.page.waitForRequest((r) => r.url().includes('/user/filter') && (r.postData() ?? '').includes('"search":"Bo"'));
    await a.page.getByTestId('task-co-search').fill('Bo');
    await coSearch;
    await a.page.getByTestId('task-co-search').fill('');
    assert.ok(!searches.some((x) => x.includes('"search":"B"')), `no search before the second symbol: ${searches.join(' | ')}`);
    assert.equal(await a.page.locator('[data-testid^="task-performer-option-"]').count(), 0, 'no suggestion before the second symbol');
    await a.page.getByTestId('task-performer-search').fill('Bob');
    const bobOption = a.page.getByTestId(`task-performer-option-${bob._id}`);
    await bobOption.getByText('bob@taskweb.test').waitFor();
    await bobOption.click();
    await a.page.getByTestId(`task-performer-chip-${bob._id}`).getByText('Bob Tester').waitFor();
    await a.page.getByTestId('task-save').click();
    await a.page.getByTestId(`card-${card['Card two']}`).getByText('Bob Tester').waitFor();
    await a.ctx.close();
    await b.ctx.close();

    // The screens at a phone and a desktop width: no serious axe violation, no sideways scroll of the page (the
    // kanban scrolls inside itself), the task drawer included.
    const problems: string[] = [];
    for (const vp of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const ctx = await spec.browser.newContext({ locale: 'en-US', baseURL: spec.portal.url, viewport: vp });
      const page = await ctx.newPage();
      await signIn(page, 'ann@taskweb.test', 'employee1');
      for (const [path, ready] of [
        ['/task-tracker/', `desk-link-${desk._id}`],
        [`/desk/${desk._id}`, `card-${card['Card one']}`],
        [`/desk/${desk._id}?task=${card['Card two']}`, 'task-form'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(ready).waitFor();
        await page.waitForFunction(() => !document.querySelector('[data-testid="loader"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
        for (const v of await seriousViolations(page)) problems.push(`${vp.width}px ${path}: ${v}`);
        const o = await overflow(page);
        if (o.over > 0) problems.push(`${vp.width}px ${path}: the page scrolls sideways by ${o.over}px (${o.culprits.join('; ')})`);
      }
      await ctx.close();
    }
    assert.deepEqual(problems, []);
  });

  /**
   * Issue 29 §11-13 in Russian: form errors are worded under their field (no "[object Object]"), a checklist item
   * outlives "Close", the header names the caller's role once, and a keyboard drag is announced in Russian with the
   * task's and lanes' names (no raw id).
   */
  it('in ru: field errors under their field, checklist items kept on Close, the header and drag announcements worded', async () => {
    const { api } = spec;
    const w = await spec.workspace('taskru', 'Task RU', { lang: 'ru' });
    const ivan = await w.addUser({ firstName: 'Иван', lastName: 'Тестов', email: 'ivan@taskru.test', extra: { lang: 'ru' } });
    const desk = await api<{ _id: string; lanes: { _id: string }[] }>('POST', '/api/desk', ivan.token, { name: 'Релиз', lanes: ['Сделать', 'Готово'] });
    const todo = desk.lanes[0]!._id;
    const addTask = async (name: string) => (await api<{ _id: string }>('PUT', `/api/task_tracker/${desk._id}/${todo}/add_task`, ivan.token, { name }))._id;
    const plan = await addTask('План');
    const report = await addTask('Отчёт');
    const task = (id: string) =>
      api<{ plan_hours: number | null; actual_hours: number | null; checklist: { text: string }[] }>('GET', `/api/task/${id}`, ivan.token);

    const { ctx, page } = await spec.newPage();
    await signIn(page, 'ivan@taskru.test', 'employee1');
    await page.goto(`/desk/${desk._id}`);
    await waitLane(page, todo, ['План', 'Отчёт']);

    // §13: the caller's role and the owner, each said once.
    assert.equal(await page.getByTestId('desk-people').innerText(), 'Ваша роль: Владелец');

    // §13: a keyboard drag is announced in Russian with the task's and the lane's names, never an id.
    const live = page.locator('[id^="DndLiveRegion"]');
    const card = page.getByTestId(`card-${report}`);
    const describedBy = await card.getAttribute('aria-describedby');
    assert.match(await page.locator(`[id="${describedBy}"]`).innerText(), /пробел/);
    await card.focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => /Отчёт/.test(document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? ''));
    const picked = await live.innerText();
    assert.ok(!picked.includes(report), `the live region names the task's id: ${picked}`);
    // Picked up, then over its own place: either way a Russian sentence naming the task (and its lane).
    assert.match(picked, /^Задача «Отчёт» (поднята в колонке|над колонкой) «Сделать»\.$/);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => /отменено/.test(document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? ''));
    assert.ok(!(await live.innerText()).includes(report));

    // §11: an empty board name is worded under the name field (the board keeps its name).
    await page.getByTestId('desk-settings').click();
    await page.getByTestId('desk-settings-name').fill('');
    await page.getByTestId('desk-settings-save').click();
    const settings = page.getByTestId('desk-settings-form');
    await settings.getByRole('alert').first().waitFor();
    assert.deepEqual(await settings.getByRole('alert').allInnerTexts(), ['Обязательное поле']);
    assert.equal(await page.getByTestId('desk-settings-name-error').innerText(), 'Обязательное поле');
    await settings.getByRole('button', { name: 'Отмена', exact: true }).click();
    assert.equal((await api<{ name: string }>('GET', `/api/desk/${desk._id}`, ivan.token)).name, 'Релиз');

    // §11: planned hours −3 and actual hours "abc" are worded under their fields; nothing is saved.
    await page.getByTestId(`card-${report}`).click();
    const drawer = page.getByTestId('task-form');
    await drawer.waitFor();
    await page.getByTestId('task-plan').fill('-3');
    await page.getByTestId('task-save').click();
    await drawer.getByRole('alert').first().waitFor();
    assert.deepEqual(await drawer.getByRole('alert').allInnerTexts(), ['Должно быть 0 или больше']);
    assert.equal(await page.getByTestId('task-plan-error').innerText(), 'Должно быть 0 или больше');
    await page.getByTestId('task-plan').fill('2');
    await page.getByTestId('task-actual').fill('abc');
    await page.getByTestId('task-save').click();
    await page.getByTestId('task-actual-error').waitFor();
    assert.deepEqual(await drawer.getByRole('alert').allInnerTexts(), ['Введите число']);
    assert.deepEqual(await task(report).then((x) => [x.plan_hours, x.actual_hours]), [null, null]);
    await drawer.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await drawer.waitFor({ state: 'detached' });

    // §12: a checklist item is saved as it is added, so "Close" keeps it.
    await page.getByTestId(`card-${plan}`).click();
    await drawer.waitFor();
    await page.getByTestId('check-new').fill('Согласовать смету');
    await page.getByTestId('check-new').press('Enter');
    await drawer.getByText('Согласовать смету').waitFor();
    await drawer.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByTestId(`card-${plan}`).click();
    await page.getByTestId('task-checklist').getByText('Согласовать смету').waitFor();
    assert.deepEqual(
      (await task(plan)).checklist.map((c) => c.text),
      ['Согласовать смету'],
    );
    await ctx.close();
  });
});
