// `nx g @intranet/plugin:domain <name>`: a new domain (DESIGN §3, DOMAIN-DONE "Service and deploy"). Writes the
// contract, server, web libs, the service app, the remote, a spec of each kind and a bench stub from ./files; then
// adds the service to docker-compose.yml and deploy/services/, installs (npm links the new workspaces) and lets
// drizzle-kit write the first migration. Every other list (gateway routes, portal modules, shell routes, distributed
// start, lint scopes) discovers the domain by itself; no shared file is edited by hand.
const { generateFiles, names, formatFiles } = require('@nx/devkit');
const { execSync } = require('node:child_process');
const path = require('node:path');

/** Validates the name: lower-case latin letters and digits, not taken. */
function check(tree, name) {
  if (!/^[a-z][a-z0-9]*$/.test(name)) throw new Error(`Domain name '${name}': lower-case latin letters and digits, starting with a letter`);
  if (tree.exists(`libs/${name}`)) throw new Error(`libs/${name} exists already`);
}

/** Appends the `<name>-service` container to docker-compose.yml (same shape as the other domain services). */
function addCompose(tree, name) {
  const file = 'docker-compose.yml';
  if (!tree.exists(file)) return;
  const text = tree.read(file, 'utf8');
  if (text.includes(`${name}-service:`)) return;
  const block = [
    `  ${name}-service:`,
    '    <<: *app',
    '    build:',
    '      <<: *build',
    '      target: runtime',
    `      args: { APP: ${name}-service }`,
    `    image: intranet/${name}-service:latest`,
    '    environment:',
    '      <<: [*env-service, *jwt]',
    '    depends_on: *backends',
    '',
  ].join('\n');
  const marker = '\n  gateway:';
  tree.write(file, text.includes(marker) ? text.replace(marker, `\n${block}${marker}`) : `${text.trimEnd()}\n${block}`);
}

/** One page of deploy notes per service. */
function addDeploy(tree, name) {
  tree.write(
    `deploy/services/${name}-service.md`,
    `# ${name}-service\n\nThe ${name} domain (libs/${name}/server) as a NATS microservice: queue group \`${name}\`, schema \`${name}\` in\n` +
      'PostgreSQL (migrated at start under the database-wide lock, so replicas may start together).\n\n' +
      `- Image: deploy/Dockerfile, command \`node apps/${name}-service/src/main.ts\`.\n` +
      '- Required: `DATABASE_URL`, `NATS_URL` (JetStream on). Optional: `BUS_PREFIX`, `LOG_LEVEL`, S3_* for files.\n' +
      '- Scale: any number of replicas; they share the queue group.\n',
  );
}

module.exports = async function domainGenerator(tree, options) {
  const name = String(options.name).trim();
  check(tree, name);
  const n = names(name);
  generateFiles(tree, path.join(__dirname, 'files'), '.', {
    name,
    className: n.className,
    propertyName: n.propertyName,
    constName: n.constantName,
    tmpl: '',
  });
  addCompose(tree, name);
  addDeploy(tree, name);
  await formatFiles(tree);
  return () => {
    if (options.skipInstall) return;
    const run = (cmd) => execSync(cmd, { cwd: tree.root, stdio: 'inherit' });
    // npm links the new workspaces into node_modules/@intranet; drizzle-kit writes the schema's first migration
    // and an empty custom one that the grants fill.
    run('npm install --no-audit --no-fund --loglevel=error');
    run(`npx drizzle-kit generate --config libs/${name}/server/drizzle.config.ts --name init`);
    run(`npx drizzle-kit generate --config libs/${name}/server/drizzle.config.ts --custom --name grants`);
    // deploy/k8s is generated from the apps/*-service list (k8s.int-spec.ts checks it is current).
    run('node tools/scripts/k8s.mjs');
    const fs = require('node:fs');
    const dir = path.join(tree.root, `libs/${name}/server/migrations`);
    const grants = fs.readdirSync(dir).find((f) => f.endsWith('_grants.sql'));
    fs.writeFileSync(
      path.join(dir, grants),
      `-- Custom migration: the application role may use this schema's tables; row-level security decides which rows.\n` +
        `GRANT USAGE ON SCHEMA "${name}" TO intranet_app;\n--> statement-breakpoint\n` +
        `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${name}" TO intranet_app;\n--> statement-breakpoint\n` +
        `ALTER DEFAULT PRIVILEGES IN SCHEMA "${name}" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO intranet_app;\n`,
    );
  };
};
