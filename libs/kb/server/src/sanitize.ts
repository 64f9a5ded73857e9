import sanitizeHtml from 'sanitize-html';

/**
 * Rich text of articles and vacancies, sanitised on the server with sanitize-html (a well-kept sanitiser): the
 * editor's formatting, links, tables and media survive; scripts, event handlers, styles and foreign schemes do
 * not. Inline media carry `data-key` (their storage key); their `src` is dropped here and filled with a fresh
 * short-lived signed URL whenever the article is read (see `withSignedMedia`).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'span',
    'div',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'mark',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'video',
    'audio',
    'source',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-key'],
    video: ['src', 'controls', 'width', 'height', 'data-key', 'poster'],
    audio: ['src', 'controls', 'data-key'],
    source: ['src', 'type', 'data-key'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'type'],
    span: ['data-type', 'data-id', 'data-label'],
    code: ['class'],
    '*': ['data-align'],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'], audio: ['http', 'https'], source: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow', ...(attribs.target ? { target: '_blank' } : {}) } }),
    // Stored media point at their key; a stored signed URL would expire.
    img: (tagName, attribs) => ({ tagName, attribs: dropSrcIfKeyed(attribs) }),
    video: (tagName, attribs) => ({ tagName, attribs: dropSrcIfKeyed(attribs) }),
    audio: (tagName, attribs) => ({ tagName, attribs: dropSrcIfKeyed(attribs) }),
    source: (tagName, attribs) => ({ tagName, attribs: dropSrcIfKeyed(attribs) }),
  },
};

function dropSrcIfKeyed(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (!attribs['data-key']) return attribs;
  const { src: _src, ...rest } = attribs;
  return rest;
}

/** Sanitised HTML (empty input → empty string). */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text of sanitised HTML for the search vector (tags and entities resolved, whitespace collapsed). */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html.replace(/<\/(p|div|li|h[1-6]|tr|td|th|blockquote|pre)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Storage keys the content's media refer to. */
export function mediaKeys(html: string): string[] {
  return [...html.matchAll(/\sdata-key="([^"]+)"/g)].map((m) => m[1]);
}

/** Gives each keyed media element of sanitised HTML a `src` from `sign` (null: left without a source). */
export function withSignedMedia(html: string, sign: (key: string) => string | null): string {
  return html.replace(/<(img|video|audio|source)\b([^>]*?)\sdata-key="([^"]+)"([^>]*)>/g, (whole, tag: string, pre: string, key: string, post: string) => {
    const url = sign(key.replace(/&amp;/g, '&'));
    if (!url) return whole;
    return `<${tag}${pre} src="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" data-key="${key}"${post}>`;
  });
}
