import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { applyVendor, getVendor, VENDORS, vendorTitle, vendorVariant } from './env.ts';

describe('vendor variants (§1: title, favicon and system avatar by the environment’s vendor)', () => {
  it('the two variants differ in title, favicon and system avatar, and both asset sets exist', () => {
    const [a, b] = Object.values(VENDORS);
    expect(a!.title).not.toBe(b!.title);
    expect(a!.favicon).not.toBe(b!.favicon);
    expect(a!.systemAvatar).not.toBe(b!.systemAvatar);
    for (const v of Object.values(VENDORS))
      for (const file of [v.favicon, v.systemAvatar]) expect(existsSync(join(import.meta.dirname, '../public', file))).toBe(true);
  });

  it('an unknown vendor keeps the default assets and is titled by its name', () => {
    expect(vendorVariant('acme')).toEqual(VENDORS.intranet);
    expect(vendorTitle('acme')).toBe('Acme');
    expect(vendorTitle('alt')).toBe(VENDORS.alt.title);
  });

  it('applying a vendor sets the document title, the favicon and the system avatar variable', () => {
    const icon = { href: '/favicon.svg' };
    const props = new Map<string, string>();
    const doc = {
      title: '',
      querySelector: () => icon,
      documentElement: { dataset: {} as Record<string, string>, style: { setProperty: (k: string, v: string) => props.set(k, v) } },
    };
    (globalThis as { document?: unknown }).document = doc;
    try {
      applyVendor('alt');
      expect(getVendor()).toBe('alt');
      expect(doc.title).toBe(VENDORS.alt.title);
      expect(icon.href).toBe(VENDORS.alt.favicon);
      expect(props.get('--vendor-system-avatar')).toBe(`url("${VENDORS.alt.systemAvatar}")`);
      expect(doc.documentElement.dataset.vendor).toBe('alt');
      applyVendor('intranet');
      expect(icon.href).toBe(VENDORS.intranet.favicon);
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
  });
});
