import sanitizeHtml from 'sanitize-html';

/**
 * What a post or comment may carry: basic formatting, links and mention spans. Everything else — scripts, styles,
 * event handler attributes, javascript: URLs — is removed before the text is stored (§5, issue: no script survives).
 */
const MESSAGE_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'span',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'h4',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'data-mention', 'data-id'],
    span: ['class', 'data-mention', 'data-id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer' } : {}) },
    }),
  },
};

/** Sanitised HTML of a message (trimmed). */
export function cleanMessage(html: string): string {
  return sanitizeHtml(html, MESSAGE_POLICY).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The visible text of a message (for the §5 'over 30 symbols' rule): tags dropped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, ' $&'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
}

const UUID_RE = /data-mention="([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/gi;

/** User ids mentioned in the message markup (`<span data-mention="id">`), in order, without repeats. */
export function mentionsIn(html: string): string[] {
  return [...new Set([...html.matchAll(UUID_RE)].map((m) => m[1].toLowerCase()))];
}
