/** A person as the forms mention them: id and display name. */
export type Person = { id: string; name: string };

/** Escapes text for HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text → message HTML: escaped, `@Name` of the given people as profile links, line breaks kept. */
export function toHtml(text: string, mentions: Person[]): string {
  let html = escapeHtml(text.trim());
  for (const m of mentions) {
    const name = escapeHtml(`@${m.name}`);
    // data-mention lets the service find the person in the markup too (it keeps mentions of posts and comments).
    html = html.split(name).join(`<a href="/profile/${m.id}" data-mention="${m.id}">${name}</a>`);
  }
  return html.replace(/\n/g, '<br>');
}

/** Stored message HTML → the plain text an editor shows (line breaks and paragraphs become new lines). */
export function toText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const br of doc.body.querySelectorAll('br')) br.replaceWith('\n');
  for (const p of doc.body.querySelectorAll('p, div, li')) p.append('\n');
  return (doc.body.textContent ?? '').replace(/\n+$/, '');
}

/** §5/§9: a mention search starts after 2 characters. */
export const MENTION_MIN = 2;
/** People per page of the suggestions; more load as the list scrolls or the arrow goes past the end. */
export const MENTION_PAGE = 8;
const MAX_QUERY = 40;
const MAX_WORDS = 3;

/** The `@query` being typed before the caret: where its '@' is and the text after it (spaces allowed: "Ann Lee"). */
export function mentionAt(text: string, caret: number): { at: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0 || (at > 0 && !/\s/.test(before[at - 1]!))) return null;
  const query = before.slice(at + 1);
  if (query.length < MENTION_MIN || query.length > MAX_QUERY || /\n/.test(query) || /^\s/.test(query)) return null;
  if (query.trim().split(/\s+/).length > MAX_WORDS) return null;
  return { at, query };
}

/** The mentions still present in the text (a deleted `@Name` drops its person). */
export const liveMentions = (text: string, list: Person[]) => list.filter((p) => text.includes(`@${p.name}`));
