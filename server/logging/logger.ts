import { pino, type Level, type LevelWithSilent } from 'pino';

export const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** `LOG_LEVEL` when given, else silent under NODE_ENV=test and info otherwise. */
export function logLevelFrom(value: string | undefined, nodeEnv: string): LevelWithSilent {
  if (value) {
    if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
    return value as Level;
  }
  return nodeEnv === 'test' ? 'silent' : 'info';
}

/**
 * The process's one logger: JSON lines on stdout. Secrets never reach it: request logs carry only
 * method, path (no query string), status, timing and ids (see http-logger.ts), and these paths are
 * censored in case a caller logs a request or a body anyway.
 */
let sink: { write(line: string): unknown } = process.stdout;

/** Sends log lines elsewhere (tests read them); returns a function that restores stdout. */
export function writeLogsTo(destination: { write(line: string): unknown }): () => void {
  sink = destination;
  return () => {
    sink = process.stdout;
  };
}

export const logger = pino({
  level: logLevelFrom(process.env.LOG_LEVEL, process.env.NODE_ENV ?? 'development'),
  redact: {
    paths: [
      'password',
      '*.password',
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers["x-csrf-token"]',
      'res.headers["set-cookie"]',
      'body',
      '*.body',
      'variables',
      '*.variables',
      'token',
      '*.token',
      'calls',
      '*.calls',
      'genotype',
      '*.genotype',
    ],
    censor: '[redacted]',
  },
}, { write: (line: string) => sink.write(line) });

/** Apps and scripts set the level from their settings (tests build apps with NODE_ENV=test). */
export function configureLogger({ logLevel }: { logLevel: LevelWithSilent }): void {
  logger.level = logLevel;
}
