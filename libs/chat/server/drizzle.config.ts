import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/chat/server/src/schema.ts',
  out: './libs/chat/server/migrations',
  schemaFilter: ['chat'],
  entities: { roles: { provider: '', exclude: [] } },
});
