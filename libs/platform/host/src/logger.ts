import { pino, type DestinationStream, type Logger as Pino } from 'pino';

/**
 * Levelled structured logger (issue 18 §6): one JSON line per entry, `{"level","time","name","msg",...fields}`,
 * written by pino. Callers never pass secrets, stacks meant for users or, on an anonymous route, anything that
 * identifies a person (the gateway's request line: libs/gateway/server, `anonymous` routes).
 */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Whether entries of `level` are written (skip building fields nobody reads). */
  enabled(level: LogLevel): boolean;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/**
 * Where lines go: debug and info to stdout, warn and error to stderr (as before pino), through the process's own
 * streams, so a container's log collector and a spec reading process.stdout see the same lines.
 */
function standardStreams(): DestinationStream {
  return pino.multistream(
    [
      { level: 'debug', stream: { write: (s: string) => process.stdout.write(s) } },
      { level: 'warn', stream: { write: (s: string) => process.stderr.write(s) } },
    ],
    { dedupe: true },
  );
}

/**
 * A logger at `level` (LOG_LEVEL) named `name` (the process: gateway, people-service, portal). `destination`:
 * another stream (tests); default stdout/stderr as above. Lines carry ISO time and the level's name.
 */
export function createLogger(level: LogLevel = 'info', name = 'intranet', destination?: DestinationStream): Logger {
  const p: Pino = pino(
    {
      name,
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? standardStreams(),
  );
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (fields) p[lvl](fields, msg);
      else p[lvl](msg);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    enabled: (lvl) => lvl !== 'silent' && p.isLevelEnabled(lvl),
  };
}

/**
 * Nest's own messages (its LoggerService) as lines of `log`: errors and warnings at their level, Nest's start-up
 * chatter (`log`, `debug`, `verbose`) at debug — so a process writes JSON lines only.
 */
export function nestLogger(log: Logger): {
  log(message: unknown, ...rest: unknown[]): void;
  error(message: unknown, ...rest: unknown[]): void;
  warn(message: unknown, ...rest: unknown[]): void;
  debug(message: unknown, ...rest: unknown[]): void;
  verbose(message: unknown, ...rest: unknown[]): void;
} {
  // Nest passes (message, ...optionalParams) where the last one is the context (a class name).
  const text = (message: unknown, rest: unknown[]) => {
    const context = rest.length && typeof rest[rest.length - 1] === 'string' ? `[${String(rest[rest.length - 1])}] ` : '';
    return `${context}${message instanceof Error ? `${message.name}: ${message.message}` : typeof message === 'string' ? message : JSON.stringify(message)}`;
  };
  return {
    log: (m, ...r) => log.debug(text(m, r), { source: 'nest' }),
    error: (m, ...r) => log.error(text(m, r), { source: 'nest' }),
    warn: (m, ...r) => log.warn(text(m, r), { source: 'nest' }),
    debug: (m, ...r) => log.debug(text(m, r), { source: 'nest' }),
    verbose: (m, ...r) => log.debug(text(m, r), { source: 'nest' }),
  };
}
