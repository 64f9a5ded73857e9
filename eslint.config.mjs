import nx from '@nx/eslint-plugin';

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
            { sourceTag: 'scope:clients', onlyDependOnLibsWithTags: ['scope:clients', 'scope:platform', 'scope:web', 'type:contract', 'type:tool'] },
            { sourceTag: 'scope:people', onlyDependOnLibsWithTags: ['scope:people', 'scope:platform', 'scope:web', 'type:contract', 'type:tool'] },
            { sourceTag: 'scope:social', onlyDependOnLibsWithTags: ['scope:social', 'scope:platform', 'scope:web', 'type:contract', 'type:tool'] },
            { sourceTag: 'scope:kb', onlyDependOnLibsWithTags: ['scope:kb', 'scope:platform', 'scope:web', 'type:contract', 'type:tool'] },
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
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/testing.ts', '**/test/**', 'tools/bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
