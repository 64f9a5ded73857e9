/**
 * Splits a PostgreSQL script into its top-level statements: `;` ends a statement unless it is inside a quoted
 * string, a quoted identifier, a dollar-quoted body (`$$ … $$`, `$tag$ … $tag$`) or a comment. Empty statements
 * are dropped; each statement comes back trimmed, without its `;`.
 */
export function splitSqlStatements(script: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < script.length) {
    const c = script[i]!;
    if (c === "'" || c === '"') {
      const end = script.indexOf(c, i + 1);
      i = end < 0 ? script.length : end + 1;
    } else if (c === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end < 0 ? script.length : end + 1;
    } else if (c === '/' && script[i + 1] === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end < 0 ? script.length : end + 2;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0];
      if (tag) {
        const end = script.indexOf(tag, i + tag.length);
        i = end < 0 ? script.length : end + tag.length;
      } else i++;
    } else if (c === ';') {
      out.push(script.slice(start, i));
      start = ++i;
    } else i++;
  }
  out.push(script.slice(start));
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}
