import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/polls/server/src/schema.ts',
  out: './libs/polls/server/migrations',
  schemaFilter: ['polls'],
  entities: { roles: { provider: '', exclude: [] } },
});
