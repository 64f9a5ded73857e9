import type { AdaptationItem } from '@intranet/adaptation-contract';
import type { ItemRow } from './schema.ts';

/** Rows → the §7 Adaptation API shapes (pure). */

/** A stored item as the API gives it. */
export const toItem = (r: ItemRow): AdaptationItem => ({ _id: r.id, name: r.name, created_by: r.createdBy, created_at: r.createdAt.toISOString() });
