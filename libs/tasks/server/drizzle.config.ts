import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/tasks/server/src/schema.ts',
  out: './libs/tasks/server/migrations',
  schemaFilter: ['tasks'],
  entities: { roles: { provider: '', exclude: [] } },
});
