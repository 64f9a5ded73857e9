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
    html = html.split(name).join(`<a href="/profile/${m.id}">${name}</a>`);
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
