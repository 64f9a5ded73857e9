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
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['*'] },
            // A server may use contracts, utils and servers of its own scope or the platform — never another domain's server.
            { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:server', 'type:contract', 'type:util'] },
            { sourceTag: 'type:contract', onlyDependOnLibsWithTags: ['type:contract', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:server', 'type:contract', 'type:util'] },
            // Web libs never import server libs.
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:web', 'type:contract', 'type:util'] },
            { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: ['scope:platform'] },
            { sourceTag: 'scope:clients', onlyDependOnLibsWithTags: ['scope:clients', 'scope:platform', 'scope:web', 'type:contract'] },
            { sourceTag: 'scope:people', onlyDependOnLibsWithTags: ['scope:people', 'scope:platform', 'scope:web', 'type:contract'] },
            { sourceTag: 'scope:social', onlyDependOnLibsWithTags: ['scope:social', 'scope:platform', 'scope:web', 'type:contract'] },
            { sourceTag: 'scope:kb', onlyDependOnLibsWithTags: ['scope:kb', 'scope:platform', 'scope:web', 'type:contract'] },
            { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['scope:gateway', 'scope:platform', 'type:contract'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:platform', 'type:contract', 'type:util'] },
            { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:platform', 'type:contract', 'type:util'] },
          ],
        },
      ],
      // Non-null assertions follow checks the compiler cannot see (e.g. a row just inserted).
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/testing.ts', 'tools/bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
