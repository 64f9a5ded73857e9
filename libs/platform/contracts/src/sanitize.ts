import sanitizeHtml from 'sanitize-html';

/** What differs between the places a message is written (wall, comments, chat); every default is the wall's. */
export interface MessagePolicyOptions {
  /** Every link opens in a new tab (`target="_blank" rel="noopener noreferrer"`), as in chat. Default false: only
   * a link that asks for a new tab gets `rel="noopener noreferrer"`. */
  linksInNewTab?: boolean;
  /** Mention markup kept (`data-mention`, `data-id` on links and spans, `class` on spans). Default true. */
  mentions?: boolean;
  /** Headings `h1`–`h4` kept. Default true. */
  headings?: boolean;
}

/**
 * The portal's one HTML policy for short messages (§5: no script survives): basic formatting, links and — unless
 * turned off in `opts` — headings and mention spans. Everything else (scripts, styles, event handler attributes,
 * javascript: URLs) is removed before the text is stored; a link opening a new tab gets `rel="noopener noreferrer"`.
 */
export function messagePolicy(opts: MessagePolicyOptions = {}): sanitizeHtml.IOptions {
  const { linksInNewTab = false, mentions = true, headings = true } = opts;
  const mention = mentions ? ['data-mention', 'data-id'] : [];
  return {
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
      ...(headings ? ['h1', 'h2', 'h3', 'h4'] : []),
      'div',
    ],
    allowedAttributes: {
      a: ['href', 'target', 'rel', ...mention],
      ...(mentions ? { span: ['class', ...mention] } : {}),
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: linksInNewTab
          ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' }
          : { ...attribs, ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer' } : {}) },
      }),
    },
  };
}

/** The wall's policy (posts, comments): `messagePolicy()` with its defaults. */
export const MESSAGE_POLICY: sanitizeHtml.IOptions = messagePolicy();

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
