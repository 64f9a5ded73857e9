// @slow 35s: chats between browser contexts.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserSpec, seriousViolations, signIn as signInAs } from '@intranet/portal-testing/e2e';

jest.setTimeout(240_000);
describe('chats in the browser: A starts a direct chat, types and writes; B sees typing and the message live, reads it; A sees "seen"', () => {
  const spec = browserSpec(['shell/index.html', 'chat/mf-manifest.json', 'wall/mf-manifest.json']);

  const signIn = (page: Page, l: string, password: string) => signInAs(page, l, password, { landing: /\/company\/?$/ });
  /** The messages of the open room whose text is `text`. */
  const bubbles = (page: Page, text: string) => page.getByTestId('chat-msg').filter({ hasText: text });

  it('runs the chat story with two employees in two browser contexts', async () => {
    const w = await spec.workspace('chatco', 'Chat Co');
    const annUser = await w.addUser({ firstName: 'Ann', lastName: 'Archer', email: 'ann@chatco.test' });
    const bobUser = await w.addUser({ firstName: 'Bob', lastName: 'Baker', email: 'bob@chatco.test' });

    const a = await spec.newPage();
    const b = await spec.newPage();
    await signIn(a.page, 'ann@chatco.test', 'employee1');
    await signIn(b.page, 'bob@chatco.test', 'employee1');
    await b.page.goto('/chat');
    await b.page.getByTestId('chat-list').waitFor();

    // A finds Bob by name and starts a direct chat (one per pair).
    await a.page.goto('/chat');
    await a.page.getByTestId('chat-search').fill('Bob');
    await a.page.getByTestId(`chat-person-${bobUser._id}`).click();
    await a.page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const roomId = a.page.url().split('/').at(-1)!;
    assert.equal(await a.page.getByTestId('chat-room-name').innerText(), 'Bob Baker');

    // The new room reaches B's list live; B opens it.
    await b.page.getByTestId(`chat-room-${roomId}`).click();
    await b.page.waitForURL(new RegExp(`/chat/${roomId}$`));
    await b.page.getByTestId('chat-empty').waitFor();

    // A types: B sees who is typing; then A writes and B sees the message live.
    await a.page.getByTestId('chat-input').fill('Hello Bob 👋 <b>not bold</b>');
    await b.page.waitForFunction(() => /Ann Archer/.test(document.querySelector('[data-testid="chat-typing"]')?.textContent ?? ''));
    await a.page.getByTestId('chat-send').click();
    await bubbles(b.page, 'Hello Bob 👋 <b>not bold</b>').waitFor();
    // Typed markup stays text; the typing line clears with the message.
    assert.equal(await b.page.locator('[data-testid="chat-content"] b').count(), 0);
    await b.page.waitForFunction(() => (document.querySelector('[data-testid="chat-typing"]')?.textContent ?? '') === '');

    // B has it open, so B reads it: A sees "seen" on it; the HTTP reply and the socket made one bubble, not two.
    const mine = bubbles(a.page, 'Hello Bob');
    await mine.getByTestId('chat-seen').waitFor();
    assert.equal(await mine.count(), 1);

    // With the room closed, a new message shows as unread in B's list; opening the room reads it.
    await b.page.goto('/chat');
    await b.page.getByTestId(`chat-room-${roomId}`).waitFor();
    await a.page.getByTestId('chat-input').fill('Second one');
    await a.page.getByTestId('chat-input').press('Enter');
    await b.page.getByTestId(`chat-room-${roomId}`).getByTestId('chat-unread').filter({ hasText: '1' }).waitFor();
    // The menu's unread total follows live, and goes once B reads the room.
    await b.page.getByTestId('nav-chats').getByTestId('chat-unread-total').filter({ hasText: '1' }).waitFor();
    const second = bubbles(a.page, 'Second one');
    await second.getByTestId('chat-sent').waitFor();
    await b.page.getByTestId(`chat-room-${roomId}`).click();
    await bubbles(b.page, 'Second one').waitFor();
    await second.getByTestId('chat-seen').waitFor();
    await b.page.getByTestId('nav-chats').getByTestId('chat-unread-total').waitFor({ state: 'detached' });

    // "Write" on a profile and in the address book opens the same direct room (one per pair).
    await a.page.goto(`/profile/${bobUser._id}`);
    await a.page.getByTestId(`write-${bobUser._id}`).click();
    await a.page.waitForURL(new RegExp(`/chat/${roomId}$`));
    await b.page.goto('/addressBook/');
    await b.page.getByTestId(`write-${annUser._id}`).click();
    await b.page.waitForURL(new RegExp(`/chat/${roomId}$`));

    // A edits and deletes (after confirming) its message; B sees both live.
    await second.getByTestId('chat-edit').click();
    // Edit mode shows the message's text in the field; the new text replaces it.
    await a.page.waitForFunction(() => (document.querySelector('[data-testid="chat-input"]') as HTMLTextAreaElement | null)?.value === 'Second one');
    await a.page.getByTestId('chat-input').fill('Second one, edited');
    await a.page.getByTestId('chat-send').click();
    await bubbles(b.page, 'Second one, edited').waitFor();
    await bubbles(a.page, 'Second one, edited').getByTestId('chat-delete').click();
    await a.page.getByTestId('chat-delete-confirm').getByRole('button').last().click();
    await b.page.waitForFunction(() => ![...document.querySelectorAll('[data-testid="chat-msg"]')].some((el) => el.textContent?.includes('Second one')));
    assert.equal(await bubbles(b.page, 'Hello Bob').count(), 1);

    // A group (issue 31 §2 forms): an empty "new group" is refused under its fields; named, with Bob, it opens; its
    // owner renames it in the settings.
    await a.page.goto('/chat');
    await a.page.getByTestId('chat-new-group').click();
    const dialog = a.page.getByTestId('chat-group-dialog');
    await dialog.getByTestId('chat-group-create').click();
    await dialog.getByText('Field is required').nth(1).waitFor();
    await dialog.getByTestId('chat-group-name').fill('Lunch crew');
    await dialog.getByTestId('chat-picker-search').fill('Bob');
    await dialog.getByTestId(`chat-pick-${bobUser._id}`).click();
    await dialog.getByTestId('chat-group-create').click();
    await a.page.waitForURL((url) => /\/chat\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(roomId));
    await a.page.getByTestId('chat-room-name').filter({ hasText: 'Lunch crew' }).waitFor();
    await a.page.getByTestId('chat-settings').click();
    await a.page.getByTestId('chat-rename').fill('Lunch club');
    await a.page.getByTestId('chat-rename-save').click();
    await a.page.getByTestId('chat-room-name').filter({ hasText: 'Lunch club' }).waitFor();

    // A phone and a desktop width: the list and the room have no serious axe violation and do not scroll sideways.
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ]) {
      await b.page.setViewportSize({ width, height });
      for (const [path, ready] of [
        ['/chat', 'chat-list'],
        [`/chat/${roomId}`, 'chat-composer'],
      ]) {
        await b.page.goto(path);
        await b.page.getByTestId(ready).waitFor();
        await b.page
          .getByTestId('loader')
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        assert.deepEqual(await seriousViolations(b.page), [], `${path} at ${width} px`);
        const sideways = await b.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
        assert.equal(sideways, false, `${path} scrolls sideways at ${width} px`);
      }
    }
  });
});
