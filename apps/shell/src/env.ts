/** Vendor variants (§1): they differ in title (favicon and system avatar when assets exist). */
const VENDOR_TITLES: Record<string, string> = {
  default: 'Intranet',
};

/** Favicon per vendor (§1; files in apps/shell/public); unknown vendors keep the default one. */
const VENDOR_FAVICONS: Record<string, string> = {
  default: '/favicon.svg',
  intranet: '/favicon.svg',
  alt: '/favicon-alt.svg',
};

let vendor = 'default';

/** The vendor from GET /api/env (default until it answers). */
export function getVendor(): string {
  return vendor;
}

/** Document title for a vendor: a known title, else the vendor name. */
export function vendorTitle(v: string = vendor): string {
  return VENDOR_TITLES[v] ?? (v ? v.charAt(0).toUpperCase() + v.slice(1) : VENDOR_TITLES.default);
}

/**
 * GET /api/env → `{ vendor }`; sets the document title by vendor (§1, §7). A failure is logged and start-up goes
 * on (§8). Uses plain fetch so a missing API does not raise the 'No connection' screen at start.
 */
export async function loadEnv(): Promise<void> {
  try {
    const res = await fetch('/api/env', { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`GET /api/env answered ${res.status}`);
    const body = (await res.json()) as { vendor?: unknown };
    if (typeof body.vendor === 'string' && body.vendor) vendor = body.vendor;
    document.title = vendorTitle();
    const icon = document.querySelector<HTMLLinkElement>('link#favicon');
    if (icon) icon.href = VENDOR_FAVICONS[vendor] ?? VENDOR_FAVICONS.default;
  } catch (e) {
    console.warn('Environment could not be loaded; starting with defaults.', e);
  }
}
