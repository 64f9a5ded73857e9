/**
 * The shop web's query keys: the only place they are written. Every key starts with `shopKeys.all`, so
 * invalidating it refreshes everything the domain shows (a buy moves items, balances and statistics at once).
 */
export const shopKeys = {
  all: ['shop'] as const,
  settings: (client: string) => [...shopKeys.all, 'settings', client] as const,
  items: (client: string) => [...shopKeys.all, 'items', client] as const,
  achievements: (client: string) => [...shopKeys.all, 'achievements', client] as const,
  balance: (user: string, page: number) => [...shopKeys.all, 'balance', user, page] as const,
  balances: (client: string) => [...shopKeys.all, 'balances', client] as const,
  stats: (from: string, to: string) => [...shopKeys.all, 'stats', from, to] as const,
};
