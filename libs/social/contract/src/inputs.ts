import { Id, z } from '@intranet/platform-contracts';
import { Cursor, LIKE_TYPES } from './schemas.ts';

// Route-local shapes of the post routes and events: shared by routes.ts and events.ts, not exported by the package.

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  before: Cursor.optional(),
  after: Cursor.optional(),
});
export const pageParams = z.object({ page: z.coerce.number().int().min(1).max(100_000) });

export const viewBody = z.object({ user_id: Id.optional(), where: z.string().max(50).nullable().optional() });

export const likeResult = z.object({
  like_type: z.enum(LIKE_TYPES),
  target_id: z.string(),
  post_id: z.string(),
  liked: z.boolean(),
  likes_count: z.number(),
});

export const birthdaySchema = z.object({
  _id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  birthDate: z.string(),
  workingSince: z.string().nullable(),
  /** Date of the next birthday (YYYY-MM-DD) and days until it (0 = today). */
  next: z.string(),
  daysLeft: z.number(),
});
