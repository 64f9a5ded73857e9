import { zodFieldErrors, type z } from '@intranet/platform-contracts';
import { isApiError } from '@intranet/web-api';
import { translateServerMessage } from './index.ts';

/** First message per field of a zod error, translated (§5 texts). */
export function zodErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of zodFieldErrors(error)) if (!out[e.field]) out[e.field] = translateServerMessage(e.message);
  return out;
}

/** Server field errors `errors[{ field, message }]` of an ApiError (§8), translated; empty for other errors. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors()).map(([k, v]) => [k, translateServerMessage(v)]));
}

/** The message of any error, translated when it is a known §8 text. */
export function errorText(error: unknown): string {
  return translateServerMessage(error instanceof Error ? error.message : 'An error occured');
}
