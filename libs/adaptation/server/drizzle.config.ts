import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/adaptation/server/src/schema.ts',
  out: './libs/adaptation/server/migrations',
  schemaFilter: ['adaptation'],
  entities: { roles: { provider: '', exclude: [] } },
});
