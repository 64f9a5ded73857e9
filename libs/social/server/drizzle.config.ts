import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/social/server/src/schema.ts',
  out: './libs/social/server/migrations',
  schemaFilter: ['social'],
  entities: { roles: { provider: '', exclude: [] } },
});
