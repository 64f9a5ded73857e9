import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/clients/server/src/schema.ts',
  out: './libs/clients/server/migrations',
  schemaFilter: ['clients'],
  entities: { roles: { provider: '', exclude: [] } },
});
