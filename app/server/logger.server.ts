import pino from "pino";
import pretty from "pino-pretty";
import { env } from "~/server/env.server";

function createLogger() {
  const { LOG_LEVEL, LOG_FILE, NODE_ENV } = env();
  const options: pino.LoggerOptions = {
    level: NODE_ENV === "test" && !process.env.LOG_LEVEL ? "warn" : LOG_LEVEL,
    redact: ["password", "*.password", "token", "*.token", "smtpPassword", "accessToken"],
  };
  // Readable lines in development, written in-process: a pino transport runs in a worker thread that
  // cannot resolve its target from Vite's module loader (`npm run dev`).
  if (NODE_ENV === "development") return pino(options, pretty({ colorize: true }));
  // A line written to LOG_FILE is there when the call returns (what reads the file sees it at once).
  return LOG_FILE ? pino(options, pino.destination({ dest: LOG_FILE, sync: true })) : pino(options);
}

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}
