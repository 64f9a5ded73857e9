// @slow 30s: pinned posts in several browser contexts.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserSpec, signIn as signInAs } from '@intranet/portal-testing/e2e';

/**
 * Pins on the wall in the browser (§4 "Users can be pinned into numbered slots; pin_move swaps slots"; §7 PUT
 * api/user/pin/{id}, PUT api/user/pin_move; the wall's list GET api/user/pinned/{clientId}): an administrator pins
 * people from their profiles, reorders and unpins on the wall; an employee only sees the block.
 */
jest.setTimeout(240_000);
describe('pinned employees on the wall: an admin pins, moves and unpins; employees only see', () => {
  const spec = browserSpec(['shell/index.html', 'wall/mf-manifest.json']);
  const { api } = spec;

  const signIn = (page: Page, l: string, password: string) => signInAs(page, l, password, { landing: /\/company\/?$/, ready: 'post-form' });
  /** The user ids of the wall's pinned block, in the order shown. */
  const shown = (page: Page) =>
    page.$$eval('[data-testid="pinned-list"] > li', (lis) => lis.map((li) => li.getAttribute('data-testid')!.replace('pinned-', '')));
  const waitShown = async (page: Page, ids: string[]) => {
    await page.waitForFunction(
      (want) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-testid="pinned-list"] > li')].map((li) => li.getAttribute('data-testid')!.replace('pinned-', '')),
        ) === want,
      JSON.stringify(ids),
    );
  };

  it('runs the pins story', async () => {
    const w = await spec.workspace('pinwall', 'Pin Wall Ltd');
    const { client, admin } = w;
    // No `lang` for the employees: the client's (en).
    const reg = (firstName: string, lastName: string, email: string) =>
      w.addUser({ firstName, lastName, email, extra: { position: 'Engineer', lang: undefined } });
    const ann = await reg('Ann', 'Archer', 'ann@pinwall.test');
    const bob = await reg('Bob', 'Baker', 'bob@pinwall.test');

    const a = await spec.newPage();
    await signIn(a.page, 'admin@pinwall.test', 'adminpass1');
    // Nobody pinned: the admin sees the block with its empty state.
    await a.page.getByTestId('pinned-empty').waitFor();

    // From Bob's profile: a wrong slot is refused before sending; slot 1 pins him.
    await a.page.goto(`/profile/${bob._id}`);
    await a.page.getByTestId('pin-control').waitFor();
    assert.match(await a.page.getByTestId('pin-state').innerText(), /Not pinned/);
    await a.page.getByTestId('pin-slot').fill('0');
    await a.page.getByTestId('pin-submit').click();
    assert.equal(await a.page.getByTestId('pin-slot-error').innerText(), 'Enter a slot from 1 to 99');
    await a.page.getByTestId('pin-slot').fill('1');
    await a.page.getByTestId('pin-submit').click();
    await a.page.waitForFunction(() => document.querySelector('[data-testid="pin-state"]')?.textContent === 'Pinned on the wall, slot 1');
    // Ann into slot 2.
    await a.page.goto(`/profile/${ann._id}`);
    await a.page.getByTestId('pin-slot').fill('2');
    await a.page.getByTestId('pin-submit').click();
    await a.page.waitForFunction(() => document.querySelector('[data-testid="pin-state"]')?.textContent === 'Pinned on the wall, slot 2');

    // The wall shows them in slot order with their slots, avatars and profile links.
    await a.page.goto('/company');
    await waitShown(a.page, [bob._id, ann._id]);
    assert.equal(await a.page.getByTestId(`pinned-slot-${bob._id}`).innerText(), 'No. 1');
    assert.equal(await a.page.getByTestId(`pinned-${bob._id}`).locator(`a[href="/profile/${bob._id}"]:not([target])`).innerText(), 'Bob Baker');
    await a.page.getByTestId(`pinned-${bob._id}`).getByTestId(`avatar-${bob._id}`).waitFor();
    assert.equal(await a.page.getByTestId(`pinned-up-${bob._id}`).isDisabled(), true, 'the first cannot move up');

    // Bob down: the two swap slots (pin_move), and it holds after a reload.
    await a.page.getByTestId(`pinned-down-${bob._id}`).click();
    await waitShown(a.page, [ann._id, bob._id]);
    await a.page.reload();
    await waitShown(a.page, [ann._id, bob._id]);
    assert.equal(await a.page.getByTestId(`pinned-slot-${ann._id}`).innerText(), 'No. 1');
    assert.equal(await a.page.getByTestId(`pinned-slot-${bob._id}`).innerText(), 'No. 2');

    // Pinning Bob into Ann's slot from his profile swaps them back.
    await a.page.goto(`/profile/${bob._id}`);
    await a.page.getByTestId('pin-slot').fill('1');
    await a.page.getByTestId('pin-submit').click();
    await a.page.waitForFunction(() => document.querySelector('[data-testid="pin-state"]')?.textContent === 'Pinned on the wall, slot 1');
    await a.page.goto('/company');
    await waitShown(a.page, [bob._id, ann._id]);

    // Unpinning asks first: Cancel keeps Ann, OK takes her off.
    await a.page.getByTestId(`pinned-unpin-${ann._id}`).click();
    await a.page.getByTestId('pinned-unpin-confirm').getByTestId('confirm-cancel').click();
    assert.deepEqual(await shown(a.page), [bob._id, ann._id]);
    await a.page.getByTestId(`pinned-unpin-${ann._id}`).click();
    await a.page.getByTestId('pinned-unpin-confirm').getByTestId('confirm-ok').click();
    await waitShown(a.page, [bob._id]);

    // An employee sees the block (no controls) and Bob's profile without the pin control.
    const b = await spec.newPage();
    await signIn(b.page, 'ann@pinwall.test', 'employee1');
    await waitShown(b.page, [bob._id]);
    assert.equal(await b.page.locator('[data-testid^="pinned-up-"], [data-testid^="pinned-down-"], [data-testid^="pinned-unpin-"]').count(), 0);
    await b.page.getByTestId(`pinned-${bob._id}`).locator(`a[href="/profile/${bob._id}"]:not([target])`).click();
    await b.page.waitForURL(new RegExp(`/profile/${bob._id}$`));
    await b.page.getByTestId('profile-name').waitFor();
    assert.equal(await b.page.getByTestId('pin-control').count(), 0);

    // With nobody pinned an employee's wall has no block at all.
    await api('PUT', `/api/user/pin/${bob._id}`, admin.token, { pinned_num: null });
    // The block renders from GET api/user/pinned/{clientId}: once that answered an empty list, it is not there.
    const pinned = b.page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/user/pinned/${client._id}`);
    await b.page.goto('/company');
    const body = (await (await pinned).json()) as { result?: unknown };
    assert.deepEqual(body.result ?? body, []);
    await b.page.getByTestId('feed-empty').waitFor();
    assert.equal(await b.page.getByTestId('pinned-widget').count(), 0);
    await a.ctx.close();
    await b.ctx.close();
  });
});
