import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/analytics/server/src/schema.ts',
  out: './libs/analytics/server/migrations',
  schemaFilter: ['analytics'],
  entities: { roles: { provider: '', exclude: [] } },
});
