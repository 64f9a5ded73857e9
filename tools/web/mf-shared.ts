/**
 * The Module Federation shared singletons of DESIGN §8, one list for the shell and every remote:
 * react, react-dom, the router, the query cache, i18n and the design system (`@intranet/web-*`).
 * The shell overrides `react-router` with its browser-only facade.
 */
export const mfShared = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router': { singleton: true, requiredVersion: '^8.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  i18next: { singleton: true, requiredVersion: false },
  'react-i18next': { singleton: true, requiredVersion: false },
  '@intranet/web-api': { singleton: true, requiredVersion: false },
  '@intranet/web-ui': { singleton: true, requiredVersion: false },
  '@intranet/web-i18n': { singleton: true, requiredVersion: false },
  '@intranet/web-session': { singleton: true, requiredVersion: false },
} as const;
