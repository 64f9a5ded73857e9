export { ChatModule } from './chat.module.ts';
export { PEOPLE_CONSUMER } from './chat.controller.ts';
export { files, members, messages, people, rooms } from './schema.ts';
export { cleanContent, plainText } from './mapping.ts';
