import pino from "pino";
import pretty from "pino-pretty";
import { env } from "~/server/env.server";

function createLogger() {
  const { LOG_LEVEL, NODE_ENV } = env();
  const options: pino.LoggerOptions = {
    level: NODE_ENV === "test" && !process.env.LOG_LEVEL ? "warn" : LOG_LEVEL,
    redact: ["password", "*.password", "token", "*.token", "smtpPassword", "accessToken"],
  };
  // Readable lines in development, written in-process: a pino transport runs in a worker thread that
  // cannot resolve its target from Vite's module loader (`npm run dev`).
  return NODE_ENV === "development" ? pino(options, pretty({ colorize: true })) : pino(options);
}

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}
