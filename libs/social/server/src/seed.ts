import { sql, uuidv7, type Database } from '@intranet/platform-db';

const BATCH = 5_000;
const WORDS = ['team', 'release', 'thanks', 'meeting', 'project', 'office', 'launch', 'coffee', 'report', 'customer', 'design', 'plan'];

/**
 * Bulk-inserts `count` wall posts into a client (benchmarks, demo data): one multi-row INSERT per 5,000 posts from
 * arrays (unnest), spread one second apart up to now, authors taken round-robin. Fast enough for 10k–1M posts.
 * Output: the number of posts inserted.
 */
export async function seedPosts(db: Database, clientId: string, authorIds: string[], count: number): Promise<number> {
  if (!authorIds.length) throw new Error('seedPosts needs at least one author');
  const start = Date.now() - count * 1000;
  let done = 0;
  while (done < count) {
    const n = Math.min(BATCH, count - done);
    const ids: string[] = [];
    const at: string[] = [];
    const by: string[] = [];
    const text: string[] = [];
    for (let i = 0; i < n; i++) {
      const k = done + i;
      const ms = start + k * 1000;
      ids.push(uuidv7({ msecs: ms }));
      at.push(new Date(ms).toISOString());
      by.push(authorIds[k % authorIds.length]);
      text.push(`<p>Post ${k + 1}: ${WORDS[k % WORDS.length]} ${WORDS[(k * 7) % WORDS.length]} ${WORDS[(k * 5) % WORDS.length]}</p>`);
    }
    const arr = (a: string[]) => `{${a.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
    await db.inTenant({ clientId }, (tx) =>
      tx.execute(sql`
        INSERT INTO social.posts (id, client_id, author_id, type, parent_type, on_wall, message, created_at, updated_at)
        SELECT u.id, ${clientId}::uuid, u.author, 'post', 'company', true, u.message, u.at, u.at
        FROM unnest(${arr(ids)}::uuid[], ${arr(at)}::timestamptz[], ${arr(by)}::uuid[], ${arr(text)}::text[]) AS u(id, at, author, message)`),
    );
    done += n;
  }
  return done;
}
