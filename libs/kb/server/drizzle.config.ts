import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/kb/server/src/schema.ts',
  out: './libs/kb/server/migrations',
  schemaFilter: ['kb'],
  entities: { roles: { provider: '', exclude: [] } },
});
