import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/people/server/src/schema.ts',
  out: './libs/people/server/migrations',
  schemaFilter: ['people'],
  entities: { roles: { provider: '', exclude: [] } },
});
