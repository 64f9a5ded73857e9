import { SOCIAL_TEXT, THANKS_MIN_SYMBOLS } from '@intranet/social-contract';
import { plainText, sanitizeMessage } from '@intranet/platform-contracts/sanitize';
import { DomainError, Errors, GENERIC } from '@intranet/platform-errors';

export { plainText };

/** Sanitised HTML of a post or comment (the platform's message policy, §5: no script survives), trimmed. */
export function cleanMessage(html: string): string {
  return sanitizeMessage(html);
}

const UUID_RE = /data-mention="([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/gi;

/** User ids mentioned in the message markup (`<span data-mention="id">`), in order, without repeats. */
export function mentionsIn(html: string): string[] {
  return [...new Set([...html.matchAll(UUID_RE)].map((m) => m[1].toLowerCase()))];
}

/** Ids lower-cased and deduplicated, first occurrence first. */
export const unique = (ids: string[]): string[] => [...new Set(ids.map((s) => s.toLowerCase()))];

/**
 * A post's message (§5 Posts): sanitised HTML, its visible text, and the mentions of the body and the markup.
 * Errors: 400 'Field is required' on `message` when no visible text is left.
 */
export function prepareMessage(raw: string, mentions: string[]): { message: string; text: string; mentions: string[] } {
  const message = cleanMessage(raw);
  const text = plainText(message);
  if (!text) throw Errors.fieldCoded('message', GENERIC.required);
  return { message, text, mentions: unique([...mentions, ...mentionsIn(message)]) };
}

/** A comment's sanitised message. Errors: 400 'Field is required' on `message` when no visible text is left. */
export function prepareComment(raw: string): string {
  const message = cleanMessage(raw);
  if (!plainText(message)) throw Errors.fieldCoded('message', GENERIC.required);
  return message;
}

/**
 * §5 Posts: a thank-you post's visible text is over THANKS_MIN_SYMBOLS (30) symbols and it mentions exactly one
 * person; a plain post passes. Errors: 400 listing both fields' messages.
 */
export function checkThanks(type: 'post' | 'thanks', text: string, mentions: string[]): void {
  if (type !== 'thanks') return;
  const errors = [];
  if ([...text].length <= THANKS_MIN_SYMBOLS) errors.push({ field: 'message', message: SOCIAL_TEXT.thanksTooShort });
  if (mentions.length !== 1) errors.push({ field: 'mentions', message: SOCIAL_TEXT.thanksOnePerson });
  if (errors.length) throw new DomainError('validation', errors[0].message, { errors });
}
