import pino from "pino";
import { env } from "~/lib/env.server";

function createLogger() {
  const { LOG_LEVEL, NODE_ENV } = env();
  return pino({
    level: NODE_ENV === "test" && !process.env.LOG_LEVEL ? "warn" : LOG_LEVEL,
    redact: ["password", "*.password", "token", "*.token", "smtpPassword", "accessToken"],
    transport:
      NODE_ENV === "development" ? { target: "pino-pretty", options: { colorize: true } } : undefined,
  });
}

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}
