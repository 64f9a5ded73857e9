import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/notifications/server/src/schema.ts',
  out: './libs/notifications/server/migrations',
  schemaFilter: ['notifications'],
  entities: { roles: { provider: '', exclude: [] } },
});
