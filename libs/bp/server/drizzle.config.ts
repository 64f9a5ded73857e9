import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/bp/server/src/schema.ts',
  out: './libs/bp/server/migrations',
  schemaFilter: ['bp'],
  entities: { roles: { provider: '', exclude: [] } },
});
