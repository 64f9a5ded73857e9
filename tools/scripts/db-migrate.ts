// The migration step (README "Database roles"; `npm run db:migrate`, the Kubernetes migrate Job, and the first
// step of `npm run distributed`): roles, then every domain's migrations as intranet_owner under an advisory lock.
// Environment: DATABASE_MIGRATE_URL (an administrator's login), DATABASE_URL (the runtime's, intranet_app).
import { main, migrateAll } from '@intranet/platform-host';

await main('migrate', async (config) => {
  const schemas = await migrateAll(config);
  process.stdout.write(`[migrate] ${schemas.join(', ')} up to date\n`);
});
