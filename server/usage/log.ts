// Structured log lines: the embedded default of DESIGN.md's analytics row. One JSON object a
// line, levels on the 10-60 scale of spec 1 §9 (as pino and bunyan number them).

export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

export type LogLevel = keyof typeof LOG_LEVELS;

export interface LogEntry {
  level: (typeof LOG_LEVELS)[LogLevel];
  time: string;
  msg: string;
  [field: string]: unknown;
}

export type LogSink = (entry: LogEntry) => void;

const toStdout: LogSink = (entry) => {
  process.stdout.write(`${JSON.stringify(entry)}\n`);
};
const discard: LogSink = () => {};

let captured: LogSink | null = null;

/** Tests read the lines instead of stdout; the returned function restores the default. */
export function captureLogLines(sink: LogSink): () => void {
  captured = sink;
  return () => {
    if (captured === sink) captured = null;
  };
}

export interface Logger {
  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
}

/** Writes to stdout; test runs stay quiet unless a test captures the lines. */
export function createLogger(quiet: boolean): Logger {
  return {
    log(level, msg, fields = {}) {
      const sink = captured ?? (quiet ? discard : toStdout);
      sink({ ...fields, level: LOG_LEVELS[level], time: new Date().toISOString(), msg });
    },
  };
}
