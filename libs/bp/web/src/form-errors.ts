/**
 * react-hook-form's nested errors as one record of dotted path → message (`steps.0.fields.1.name` → 'Field name is
 * required'), for editors that look errors up by path (the steps editor's field list). Entries without a string
 * message are left out; the first message found for a path wins.
 */
export function flatErrors(errors: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (!errors || typeof errors !== 'object') return out;
  const e = errors as { message?: unknown; type?: unknown };
  if (prefix && typeof e.message === 'string' && e.message && 'type' in e) out[prefix] = e.message;
  for (const [k, v] of Object.entries(errors)) {
    if (k === 'ref' || k === 'message' || k === 'type' || k === 'types') continue;
    if (v && typeof v === 'object') for (const [p, m] of Object.entries(flatErrors(v, k === 'root' ? prefix : prefix ? `${prefix}.${k}` : k))) out[p] ??= m;
  }
  return out;
}
