import { z } from '@intranet/platform-contracts';

/** A step's or a field's id as administrators write it (kept across edits). */
export const shortId = z.string().trim().min(1).max(40);
