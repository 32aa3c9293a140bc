/**
 * The reference the welcome-email worker is measured against: a bare pooled nodemailer transport
 * (pool: true, maxConnections 5, as the app's store mailer) sending a given message N times with 10
 * sends in flight (the email queue's concurrency). Run in its own process by welcome-email-throughput.ts.
 * With `noDelay`, the pool's sockets are opened with TCP_NODELAY (nodemailer leaves Nagle on).
 */
import net from "node:net";
import nodemailer, { type SendMailOptions } from "nodemailer";

export type RawMailerCommand = {
  type: "run";
  port: number;
  count: number;
  noDelay: boolean;
  message: Pick<SendMailOptions, "from" | "subject" | "text" | "html" | "headers">;
};
export type RawMailerReply = { type: "done"; sent: number; failed: number; firstError?: string };

const CONCURRENCY = 10;
const transports = new Map<boolean, nodemailer.Transporter>();

/** Hands nodemailer's pool a connected socket with Nagle's algorithm off. */
function noDelaySocket(port: number) {
  return (
    _options: unknown,
    callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
  ) => {
    const socket = net.connect({ host: "127.0.0.1", port, noDelay: true });
    socket.once("error", (error) => callback(error));
    socket.once("connect", () => callback(null, { connection: socket }));
  };
}

function transportFor(command: RawMailerCommand): nodemailer.Transporter {
  let transport = transports.get(command.noDelay);
  if (!transport) {
    transport = nodemailer.createTransport({
      pool: true,
      maxConnections: 5,
      maxMessages: 500,
      host: "127.0.0.1",
      port: command.port,
      secure: false,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...(command.noDelay ? { getSocket: noDelaySocket(command.port) } : {}),
    });
    transports.set(command.noDelay, transport);
  }
  return transport;
}

async function run(command: RawMailerCommand): Promise<RawMailerReply> {
  const transport = transportFor(command);
  let next = 0;
  let sent = 0;
  let failed = 0;
  let firstError: string | undefined;
  const lane = async () => {
    while (next < command.count) {
      const index = next;
      next += 1;
      try {
        await transport.sendMail({
          ...command.message,
          to: `raw-${index}@bench-company.com`,
          messageId: `<raw.${process.pid}.${Date.now()}.${index}@bench.localhost>`,
        });
        sent += 1;
      } catch (error) {
        failed += 1;
        firstError ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return { type: "done", sent, failed, firstError };
}

process.on("message", (message: RawMailerCommand) => {
  if (message.type !== "run") return;
  void run(message).then((reply) => process.send?.(reply));
});

function stop() {
  for (const transport of transports.values()) transport.close();
  process.exit(0);
}
process.once("SIGTERM", stop);
process.once("disconnect", stop);
process.send?.({ type: "ready" });
