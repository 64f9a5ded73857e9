import { fileURLToPath } from 'node:url';
import { socialRoutes } from '@intranet/social-contract';
import { bindRoutes } from '@intranet/platform-bus';
import type { DomainModule } from '@intranet/platform-host';
import { commentHandlers } from './comments.ts';
import { peopleHandlers, subscribeAuthors } from './people.ts';
import { postHandlers } from './posts.ts';
import { makeKit } from './support.ts';

export { authors, comments, files, follows, likes, posts, views } from './schema.ts';
export { seedPosts } from './seed.ts';
export { cleanMessage, plainText } from './text.ts';
export { nextBirthday, AUTHORS_CONSUMER } from './people.ts';

/**
 * The social domain (DESIGN §2): posts, feeds, comments, likes, views, mentions, thank-you posts, follows, the
 * thanks and birthdays widgets, and a projection of people's users for author names, avatars and birthdays.
 */
export const socialModule: DomainModule = {
  name: 'social',
  // It signs file URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'social', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  register(deps) {
    const kit = makeKit(deps);
    bindRoutes(deps.bus, socialRoutes, { ...postHandlers(kit), ...commentHandlers(kit), ...peopleHandlers(kit) });
  },
  /** The durable projection consumer needs the event stream, which exists once the bus has started. */
  async afterStart(deps) {
    await subscribeAuthors(makeKit(deps));
  },
};
