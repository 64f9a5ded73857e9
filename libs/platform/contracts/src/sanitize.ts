import sanitizeHtml from 'sanitize-html';

/**
 * The portal's one HTML policy for short messages (wall posts, comments, §5: no script survives): basic formatting,
 * links and mention spans (`data-mention`, `data-id`). Everything else — scripts, styles, event handler attributes,
 * javascript: URLs — is removed before the text is stored. A link opening a new tab gets `rel="noopener noreferrer"`.
 */
export const MESSAGE_POLICY: sanitizeHtml.IOptions = {
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

/** Sanitised HTML of a message under MESSAGE_POLICY (or `policy`), trimmed. Input/output: HTML strings. */
export function sanitizeMessage(html: string, policy: sanitizeHtml.IOptions = MESSAGE_POLICY): string {
  return sanitizeHtml(html, policy).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/**
 * The visible text of HTML (e.g. for §5 length rules): tags dropped (block ends and line breaks become spaces),
 * the common entities decoded, whitespace collapsed, trimmed.
 */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, ' $&'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
}
