// @slow 12s: three browser contexts; an item added, coins accrued, two buys at once.
import assert from 'node:assert/strict';
import { describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserSpec, signIn as signInAs } from '@intranet/portal-testing/e2e';

jest.setTimeout(240_000);
describe('shop in the browser: a manager adds an item with stock 1 and accrues coins, two employees buy at once, the manager sees the sale; the balance in the user menu, live', () => {
  const spec = browserSpec(['shell/index.html', 'shop/mf-manifest.json']);

  const signIn = async (email: string, password: string): Promise<Page> => {
    const { page } = await spec.newPage();
    await signInAs(page, email, password);
    return page;
  };

  it('runs the shop story', async () => {
    const { api } = spec;
    const w = await spec.workspace('shopco', 'Shop Co');
    const ann = await w.addUser({ firstName: 'Ann', email: 'ann@shopco.test' });
    const bob = await w.addUser({ firstName: 'Bob', email: 'bob@shopco.test' });
    const ach = (await api('POST', `/api/shop/${w.client._id}/achievements`, w.admin.token, { name: 'Helper' })) as { _id: string };

    // The manager (the admin) adds an item with stock 1 and accrues 50 coins to each employee.
    const boss = await signIn(w.admin.email, w.admin.password);
    await boss.goto('/shop');
    await boss.getByTestId('shop-item-name').fill('Hoodie');
    await boss.getByTestId('shop-item-cost').fill('30');
    await boss.getByTestId('shop-item-stock').fill('1');
    await boss.getByTestId('shop-item-add').click();
    await boss.getByTestId('shop-item-Hoodie').waitFor();
    for (const u of [ann, bob]) {
      await api('POST', '/api/shop/accrue', w.admin.token, { recipient: u._id, achievement: ach._id, amount: 50, comment: 'Thanks' });
    }

    // Two employees open the shop and press buy at once: one gets it, the other is told it is out of stock.
    const pages = await Promise.all([signIn('ann@shopco.test', 'employee1'), signIn('bob@shopco.test', 'employee1')]);
    for (const p of pages) {
      await p.goto('/shop');
      // The coin balance in the shell's user menu (the shop remote's widget).
      await p.waitForFunction(() => document.querySelector('[data-testid="shop-balance-menu-amount"]')?.textContent === '50');
      await p.getByTestId('shop-buy-Hoodie').click();
      await p.getByTestId('shop-confirm').waitFor();
    }
    await Promise.all(pages.map((p) => p.getByTestId('shop-confirm').getByRole('button').last().click()));
    const texts = await Promise.all(pages.map((p) => p.locator('[role="status"], [role="alert"]').first().textContent({ timeout: 20_000 })));
    assert.equal(texts.filter((x) => /Out of stock/.test(x ?? '')).length, 1, texts.join(' | '));
    assert.equal(texts.filter((x) => /Bought/.test(x ?? '')).length, 1, texts.join(' | '));

    // The buyer's balance tab shows 20; the manager sees the sale in statistics.
    const buyer = pages[texts.findIndex((x) => /Bought/.test(x ?? ''))]!;
    await buyer.getByTestId('tab-balance').click();
    await buyer.waitForFunction(() => document.querySelector('[data-testid="shop-balance-amount"]')?.textContent === '20');
    await buyer.waitForFunction(() => document.querySelector('[data-testid="shop-balance-menu-amount"]')?.textContent === '20');
    // Live: coins accrued by the manager reach the buyer's user menu without a reload.
    await api('POST', '/api/shop/accrue', w.admin.token, {
      recipient: [ann, bob][texts.findIndex((x) => /Bought/.test(x ?? ''))]!._id,
      achievement: ach._id,
      amount: 5,
      comment: 'More',
    });
    await buyer.waitForFunction(() => document.querySelector('[data-testid="shop-balance-menu-amount"]')?.textContent === '25', undefined, { timeout: 20_000 });
    await boss.getByTestId('tab-statistics').click();
    await boss.getByTestId('shop-sales').getByText('Hoodie').waitFor();
  });
});
