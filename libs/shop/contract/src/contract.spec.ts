import { describe, expect, it } from '@jest/globals';
import { accrueBody, DEFAULT_SHOP_NAME, itemBody, settingsBody, SHOP_ERRORS, shopRoutes } from './index.ts';

describe('shop contract', () => {
  it('refuses a bad cost and rest with the §5 texts, and keeps precision 0', () => {
    expect(itemBody.safeParse({ name: 'Mug', cost: -1 }).success).toBe(false);
    expect(itemBody.safeParse({ name: 'Mug', cost: 1.5 }).success).toBe(false);
    expect(itemBody.safeParse({ name: 'Mug', cost: 5, start_amount: -2 }).success).toBe(false);
    const bad = itemBody.safeParse({ name: 'Mug', cost: 'x' });
    expect(bad.success ? '' : bad.error.issues[0]!.message).toMatch(/^Cost must be/);
    expect(itemBody.parse({ name: ' Mug ', cost: '5' })).toEqual({ name: 'Mug', description: '', cost: 5, start_amount: null, pics: [] });
  });

  it('an accrual needs a recipient, an achievement and coins within range', () => {
    const r = accrueBody.safeParse({ amount: 0 });
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([SHOP_ERRORS.shopRecipientRequired.text, SHOP_ERRORS.shopAchievementRequired.text, expect.stringMatching(/^Coins must be/)]),
    );
  });

  it("settings default to the §9 name 'Shop!'", () => {
    expect(settingsBody.parse({}).name).toBe(DEFAULT_SHOP_NAME);
  });

  it('routes live under /api/shop with subjects of the domain', () => {
    for (const r of Object.values(shopRoutes)) {
      expect(r.path.startsWith('/api/shop')).toBe(true);
      expect(r.subject.startsWith('shop.')).toBe(true);
    }
  });

  it('each route key is its subject <domain>.<entity>.<verb> without the domain, camel-cased (issue 30 §1)', () => {
    for (const [key, r] of Object.entries(shopRoutes)) {
      const [domain, entity, verb, ...rest] = r.subject.split('.');
      expect([domain, rest.length]).toEqual(['shop', 0]);
      expect(key).toBe(`${entity}${verb![0]!.toUpperCase()}${verb!.slice(1)}`);
    }
  });
});
