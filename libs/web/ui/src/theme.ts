/**
 * Run-time theming through the design tokens of ui.css (§3 Client design, §2 admin panel design tab): the client's
 * side panel, background, text and accent colours, font and head image override the CSS custom properties on
 * <html>, so the shell and every remote follow them. Unset fields fall back to the kit's defaults.
 */
export interface DesignTokens {
  sidePanel?: string | null;
  background?: string | null;
  text?: string | null;
  accent?: string | null;
  font?: string | null;
  headImage?: string | null;
}

const FALLBACK_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Relative luminance (WCAG) of a #rgb/#rrggbb colour, 0 (black) … 1 (white). */
export function luminance(hex: string): number {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const ch = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/** A readable text colour (near-black or white) on background `hex`. */
export function readableOn(hex: string): string {
  return luminance(hex) > 0.4 ? '#1f2933' : '#ffffff';
}

/** CSS custom property → value for a design (only what the design sets; hex values are checked again here). */
export function designVariables(d: DesignTokens | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!d) return out;
  const hex = (v: string | null | undefined) => (v && HEX.test(v) ? v : null);
  const side = hex(d.sidePanel);
  if (side) {
    const fg = readableOn(side);
    out['--ui-nav-bg'] = side;
    out['--ui-nav-text'] = fg;
    out['--ui-nav-strong'] = fg;
    out['--ui-nav-hover'] = fg === '#ffffff' ? 'rgba(255, 255, 255, .12)' : 'rgba(0, 0, 0, .08)';
  }
  const bg = hex(d.background);
  if (bg) out['--ui-bg'] = bg;
  const text = hex(d.text);
  if (text) out['--ui-text'] = text;
  const accent = hex(d.accent);
  if (accent) {
    out['--ui-primary'] = accent;
    out['--ui-primary-dark'] = accent;
    out['--ui-on-primary'] = readableOn(accent);
  }
  if (d.font && d.font !== 'system') out['--ui-font'] = `'${d.font.replace(/['\\]/g, '')}', ${FALLBACK_FONT}`;
  if (d.headImage && /^(https?:\/\/|\/)\S*$/.test(d.headImage)) out['--ui-head-image'] = `url("${d.headImage.replace(/["\\]/g, '')}")`;
  return out;
}

const applied = new Set<string>();

/**
 * Applies a client's design to the document (replacing what an earlier call set); `null` restores the defaults.
 * Input: the §3 design object. Browser only.
 */
export function applyClientDesign(d: DesignTokens | null | undefined): void {
  const style = document.documentElement.style;
  for (const k of applied) style.removeProperty(k);
  applied.clear();
  for (const [k, v] of Object.entries(designVariables(d))) {
    style.setProperty(k, v);
    applied.add(k);
  }
}
