import assert from 'node:assert/strict';
import { beforeAll, describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserSpec, signIn, type SpecUser } from '@intranet/portal-testing/e2e';

/** A 2×2 PNG: an image attachment with a thumbnail preview. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==', 'base64');

/** The box of the element with test id `id` (top, bottom, left, right in CSS px of the viewport). */
const box = (page: Page, id: string) =>
  page.getByTestId(id).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
  });

jest.setTimeout(240_000);
/**
 * Issue 29 §25 and §14 (chat): the composer sits at the foot of the room pane — above the bottom navigation at
 * 390×844, at the pane's bottom at 1440×900 even in an empty room; a message over the contract's 4,000 symbols is
 * counted and refused, never cut; a chosen file shows as a chip (thumbnail, name, remove) and goes only with Send.
 */
describe('chat composer: placement at 390 and 1440 px, the length limit, the attachment preview', () => {
  const spec = browserSpec(['shell/index.html', 'chat/mf-manifest.json', 'wall/mf-manifest.json']);
  const { api } = spec;
  let room = '';
  let ann: SpecUser;
  let bob: SpecUser;
  const msgs = async () =>
    (await api<{ msgs: { content: string; file: { fileName: string } | null }[] }>('GET', `/api/chat/room/${room}/msgs`, ann.token)).msgs;

  beforeAll(async () => {
    const w = await spec.workspace('composer', 'Featherstonehaugh Logistics Ltd');
    ann = await w.addUser({ firstName: 'Ann', email: 'ann@composer.test' });
    bob = await w.addUser({ firstName: 'Bob', email: 'bob@composer.test' });
    room = (await api<{ _id: string }>('POST', '/api/chat/room', ann.token, { direct: true, members: [bob._id] }))._id;
  });

  it('at 1440×900 the empty room keeps the composer at the foot of the pane', async () => {
    const ctx = await spec.browser.newContext({ locale: 'en-US', baseURL: spec.portal.url, viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, 'ann@composer.test', 'employee1');
    await page.goto(`/chat/${room}`);
    await page.getByTestId('chat-empty').waitFor();
    const pane = await box(page, 'chat-room');
    const composer = await box(page, 'chat-composer');
    // The composer ends where the pane ends, and the pane ends inside the window.
    assert.equal(Math.round(pane.bottom - composer.bottom), 1);
    assert.ok(pane.bottom <= 900, `the pane ends at ${pane.bottom}px, below the 900px window`);
    assert.ok(composer.top > pane.top + pane.height / 2, `the composer starts at ${composer.top}px in a pane ${pane.top}–${pane.bottom}px`);
    await ctx.close();
  });

  it('at 390×844 the composer shows above the bottom navigation on load; a long text is counted and refused; a file waits as a chip', async () => {
    for (const content of ['Morning!', 'Are you in the office today?']) await api('POST', '/api/chat/msg', bob.token, { room_id: room, content });
    const ctx = await spec.browser.newContext({ locale: 'en-US', baseURL: spec.portal.url, viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await signIn(page, 'ann@composer.test', 'employee1');
    await page.goto(`/chat/${room}`);
    await page.getByTestId('chat-msg').filter({ hasText: 'Are you in the office today?' }).waitFor();
    const nav = await box(page, 'mobile-footer');
    const composer = await box(page, 'chat-composer');
    assert.ok(composer.bottom <= nav.top, `the composer (${composer.top}–${composer.bottom}px) is under the bottom navigation (from ${nav.top}px)`);
    assert.ok(composer.bottom >= nav.top - 40, `the composer ends at ${composer.bottom}px, far above the bottom navigation (${nav.top}px)`);
    const send = await box(page, 'chat-send');
    assert.ok(send.right <= 390 && send.bottom <= nav.top, `Send is out of sight: ${JSON.stringify(send)}`);

    // §14: 12,000 symbols stay in the field, counted against the limit; neither the button nor Enter sends them.
    const input = page.getByTestId('chat-input');
    await input.fill('x'.repeat(12_000));
    await page.getByTestId('chat-counter').filter({ hasText: '12,000 / 4,000 symbols — Max 4000 symbols' }).waitFor();
    assert.equal(await page.getByTestId('chat-send').isDisabled(), true);
    await input.press('Enter');
    assert.equal((await input.inputValue()).length, 12_000);
    assert.equal(await input.getAttribute('aria-invalid'), 'true');
    assert.equal((await msgs()).length, 2);
    // At the limit it goes, whole.
    await input.fill('y'.repeat(4000));
    await page.getByTestId('chat-counter').filter({ hasText: '4,000 / 4,000 symbols' }).waitFor();
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-msg').filter({ hasText: 'yyyy' }).waitFor();
    assert.equal((await msgs())[2]?.content, 'y'.repeat(4000));

    // §25: a chosen image waits as a chip with its thumbnail; removing it sends nothing; Send takes it with the text.
    await page.getByTestId('chat-file-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    const chip = page.getByTestId('chat-attachment');
    await chip.filter({ hasText: 'photo.png' }).waitFor();
    await chip.getByTestId('chat-attachment-thumb').waitFor();
    assert.equal((await msgs()).length, 3);
    await page.getByRole('button', { name: 'Remove photo.png' }).click();
    await chip.waitFor({ state: 'detached' });
    await page.getByTestId('chat-file-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await chip.waitFor();
    await input.fill('The whiteboard');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-msg').filter({ hasText: 'The whiteboard' }).locator('img[alt="photo.png"]').waitFor();
    await chip.waitFor({ state: 'detached' });
    const sent = await msgs();
    assert.equal(sent.length, 4);
    assert.equal(sent[3]?.file?.fileName, 'photo.png');
    assert.equal(sent[3]?.content, 'The whiteboard');
    // Nothing of it widens the page.
    assert.equal(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth), true);
    await ctx.close();
  });
});
