import nx from '@nx/eslint-plugin';
import { readdirSync } from 'node:fs';

// Every folder of libs/ with a contract is a domain (DESIGN §3): its scope may use itself, the platform, the web kit
// and other domains' contracts. Derived here so a generated domain needs no edit of this file.
const NOT_DOMAINS = new Set(['platform', 'web', 'gateway', 'portal', 'files']);
const DOMAINS = readdirSync(new URL('./libs', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !NOT_DOMAINS.has(d.name))
  .map((d) => d.name);
const domainScopes = DOMAINS.map((d) => ({
  sourceTag: `scope:${d}`,
  onlyDependOnLibsWithTags: [`scope:${d}`, 'scope:platform', 'scope:web', 'type:contract', 'type:tool'],
}));

/** Lint = module boundaries of DESIGN §3 (Nx tags) plus typescript-eslint's recommended rules. */
export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '.tools/**', '.data/**', '.nx/**', '**/migrations/**', 'tmp/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          banTransitiveDependencies: false,
          // The shell imports the notifications contract's wording subpath lazily (its own chunk, off the first
          // load) while the contract's main module stays a static import elsewhere: both are intended.
          checkDynamicDependenciesExceptions: ['@intranet/notifications-contract'],
          depConstraints: [
            // Entry points: apps compose anything; a service (apps/<domain>-service, the gateway) boots server libs.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['*'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:server', 'type:contract', 'type:util'] },
            // A server may use contracts, utils and servers of its own scope or the platform — never another domain's server.
            { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:server', 'type:contract', 'type:util'] },
            { sourceTag: 'type:contract', onlyDependOnLibsWithTags: ['type:contract', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:server', 'type:contract', 'type:util'] },
            // Test harnesses and domain spec projects (libs/<domain>/server/test) drive the assembled portal.
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:testing', 'type:server', 'type:contract', 'type:util'] },
            // Web libs never import server libs.
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:web', 'type:contract', 'type:util'] },
            { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: ['scope:platform'] },
            // type:tool here only serves apps (rsbuild configs use @intranet/web-build); the type rules keep libs off it.
            ...domainScopes,
            // The admin remote hosts the people and clients administration pages.
            {
              sourceTag: 'scope:admin',
              onlyDependOnLibsWithTags: ['scope:people', 'scope:clients', 'scope:platform', 'scope:web', 'type:contract', 'type:tool'],
            },
            { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['scope:gateway', 'scope:platform', 'type:contract'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:platform', 'type:contract', 'type:util', 'type:tool'] },
            { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:platform', 'type:contract', 'type:util'] },
            // The portal (embedded mode, its harness and the domain spec projects) composes every domain; no web lib.
            { sourceTag: 'scope:portal', notDependOnLibsWithTags: ['type:web'] },
          ],
        },
      ],
      // Non-null assertions follow checks the compiler cannot see (e.g. a row just inserted).
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/testing.ts', '**/test/**', 'tools/bench/**', 'tools/chaos/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
