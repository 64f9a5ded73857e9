import Mustache from 'mustache';
import type { Template } from '@intranet/notifications-contract';

/** What a rendered template gives a channel: the subject (title), the short text body and the full HTML body. */
export interface Rendered {
  title: string;
  short: string;
  full: string;
}

const plain = { escape: (s: unknown) => String(s) };

/** Every string of `v` (nested too) HTML-escaped as mustache's `{{x}}` would (issue 38 §8). */
function escapeStrings(v: unknown): unknown {
  if (typeof v === 'string') return Mustache.escape(v);
  if (Array.isArray(v)) return v.map(escapeStrings);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, escapeStrings(x)]));
  return v;
}

/**
 * Renders a §3 template with the logic-less engine (mustache): `{{name}}` is replaced by `vars.name` (HTML-escaped
 * in the full body, unescaped tags `{{{name}}}` included — issue 38 §8; as is in the title and short body); a missing variable renders empty; a template that does not
 * parse (an unclosed tag) never crashes — it yields null and the caller falls back to the default wording.
 */
export function renderTemplate(t: Pick<Template, 'title' | 'short' | 'full'>, vars: Record<string, unknown>): Rendered | null {
  try {
    return {
      title: Mustache.render(t.title, vars, {}, plain).trim(),
      short: Mustache.render(t.short, vars, {}, plain),
      // Typed text stays text in the HTML body whatever the tag: `{{{x}}}` and `{{& x}}` get it escaped too.
      full: Mustache.render(t.full, escapeStrings(vars), {}, plain),
    };
  } catch {
    return null;
  }
}
