import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/calendar/server/src/schema.ts',
  out: './libs/calendar/server/migrations',
  schemaFilter: ['calendar'],
  entities: { roles: { provider: '', exclude: [] } },
});
