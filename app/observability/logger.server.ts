import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { redactSecrets } from "../../scripts/redact-secrets.mjs";

export type { Logger };

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/**
 * The process's logger (ARCHITECTURE.md, Operations): one JSON line per
 * event, with its time and level by name, errors with their stack inside the
 * line; `LOG_FORMAT=pretty` for people at a terminal (`npm run dev`).
 * Read from the environment directly, not from the validated configuration:
 * a configuration that fails its checks is reported through this logger.
 */
export function createLogger(
  env: Record<string, string | undefined> = process.env,
  destination?: DestinationStream,
): Logger {
  const level = LEVELS.includes(env.LOG_LEVEL ?? "") ? env.LOG_LEVEL! : "info";
  const stream =
    destination ??
    (env.LOG_FORMAT === "pretty"
      ? pretty({ sync: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" })
      : undefined);
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Whatever a message or an error carries, an OAuth code or token in a URL never reaches the log.
      hooks: { streamWrite: redactSecrets },
    },
    stream ?? pino.destination({ dest: 1, sync: true }),
  );
}

export const logger = createLogger();
