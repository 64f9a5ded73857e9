import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/shop/server/src/schema.ts',
  out: './libs/shop/server/migrations',
  schemaFilter: ['shop'],
  entities: { roles: { provider: '', exclude: [] } },
});
