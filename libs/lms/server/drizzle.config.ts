import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/lms/server/src/schema.ts',
  out: './libs/lms/server/migrations',
  schemaFilter: ['lms'],
  entities: { roles: { provider: '', exclude: [] } },
});
