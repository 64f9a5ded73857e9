export { SocialModule } from './social.module.ts';
export { authors, comments, files, follows, groupGrants, groupMembers, groupPending, groups, ideas, likes, posts, views, violReports } from './schema.ts';
export { seedPosts } from './seed.ts';
export { FeedReadModel, WALL_WINDOW } from './feed-read-model.ts';
export { feedWhere, PostsRepository } from './posts.repository.ts';
export { cleanMessage, plainText } from './text.ts';
export { nextBirthday } from './mapping.ts';
export { AUTHORS_CONSUMER } from './authors.service.ts';
