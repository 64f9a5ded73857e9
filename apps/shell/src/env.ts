import { useSyncExternalStore } from 'react';

/** One vendor variant's assets (§1: title, favicon and system avatar differ by the environment's vendor). */
export interface VendorVariant {
  /** The product name: document title, brand and footer where no workspace names them. */
  title: string;
  /** The favicon (apps/shell/public). */
  favicon: string;
  /** The system's avatar: the brand picture with no client logo, and `--vendor-system-avatar` for system items. */
  systemAvatar: string;
}

/** The two vendor variants (§1), by the `vendor` of GET /api/env (VENDOR: `intranet` by default, or `alt`). */
export const VENDORS = {
  intranet: { title: 'Intranet', favicon: '/favicon.svg', systemAvatar: '/system-avatar.svg' },
  alt: { title: 'Portal', favicon: '/favicon-alt.svg', systemAvatar: '/system-avatar-alt.svg' },
} as const satisfies Record<string, VendorVariant>;
export type Vendor = keyof typeof VENDORS;

let vendor = 'intranet';
const listeners = new Set<() => void>();

/** The vendor from GET /api/env (`intranet` until it answers). */
export function getVendor(): string {
  return vendor;
}

/** The assets of a vendor: its own for a known one, the default (`intranet`) set for any other. */
export function vendorVariant(v: string = vendor): VendorVariant {
  return (VENDORS as Record<string, VendorVariant>)[v] ?? VENDORS.intranet;
}

/** Document title for a vendor: a known vendor's title, else the vendor name capitalised. */
export function vendorTitle(v: string = vendor): string {
  if (v in VENDORS) return vendorVariant(v).title;
  return v ? v.charAt(0).toUpperCase() + v.slice(1) : VENDORS.intranet.title;
}

/** Sets the vendor and its title, favicon and system avatar on the document; components re-render (useVendor). */
export function applyVendor(v: string): void {
  vendor = v || 'intranet';
  const variant = vendorVariant();
  document.title = vendorTitle();
  const icon = document.querySelector<HTMLLinkElement>('link#favicon');
  if (icon) icon.href = variant.favicon;
  document.documentElement.dataset.vendor = vendor;
  document.documentElement.style.setProperty('--vendor-system-avatar', `url("${variant.systemAvatar}")`);
  for (const l of listeners) l();
}

/** The current vendor for a component (re-renders when GET /api/env answers). */
export function useVendor(): string {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, getVendor);
}

/**
 * GET /api/env → `{ vendor }`; applies the vendor's title, favicon and system avatar (§1, §7). A failure is logged
 * and start-up goes on with the default variant (§8). Uses plain fetch so a missing API does not raise the
 * 'No connection' screen at start.
 */
export async function loadEnv(): Promise<void> {
  try {
    const res = await fetch('/api/env', { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`GET /api/env answered ${res.status}`);
    const body = (await res.json()) as { vendor?: unknown };
    applyVendor(typeof body.vendor === 'string' ? body.vendor : 'intranet');
  } catch (e) {
    console.warn('Environment could not be loaded; starting with defaults.', e);
  }
}
