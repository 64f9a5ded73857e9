/** Minimal levelled logger writing one line per entry; callers never pass secrets or stacks meant for users. */
export interface Logger {
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export function createLogger(level: keyof typeof LEVELS = 'info', name = 'intranet'): Logger {
  const min = LEVELS[level];
  const out = (lvl: keyof typeof LEVELS, msg: string) => {
    if (LEVELS[lvl] < min) return;
    const line = `${new Date().toISOString()} ${lvl.toUpperCase().padEnd(5)} [${name}] ${msg}\n`;
    (lvl === 'error' || lvl === 'warn' ? process.stderr : process.stdout).write(line);
  };
  return {
    debug: (m) => out('debug', m),
    info: (m) => out('info', m),
    warn: (m) => out('warn', m),
    error: (m) => out('error', m),
  };
}
