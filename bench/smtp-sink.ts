import type pg from "pg";
import { SMTPServer } from "smtp-server";
import { withTimeout } from "./lib/log";

/** A loopback SMTP server that accepts every message and discards it, counting messages and bytes. */
export type SmtpSink = {
  port: number;
  count: () => number;
  bytes: () => number;
  /** Keeps the raw source of the next message accepted (to build a same-size message elsewhere). */
  captureNext: () => Promise<Buffer>;
  /** Resolves when `target` messages in all have been accepted. */
  waitForCount: (target: number, timeoutMs: number) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  let count = 0;
  let bytes = 0;
  let capture: ((source: Buffer) => void) | undefined;
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    // No TLS: both senders talk plain SMTP on loopback, so the figure is the mail path, not crypto.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      const take = capture;
      capture = undefined;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (take) chunks.push(chunk);
      });
      stream.once("end", () => {
        count += 1;
        take?.(Buffer.concat(chunks));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  server.on("error", () => {});

  const port = await new Promise<number>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });

  function waitForCount(target: number, timeoutMs: number): Promise<void> {
    let wake: (() => void) | undefined;
    const reached = new Promise<void>((resolve) => {
      wake = () => {
        if (count < target) return;
        if (wake) waiters.delete(wake);
        resolve();
      };
      waiters.add(wake);
      wake();
    });
    return withTimeout(`waiting for ${target} messages (have ${count})`, timeoutMs, reached).finally(() => {
      if (wake) waiters.delete(wake);
    });
  }

  return {
    port,
    count: () => count,
    bytes: () => bytes,
    captureNext: () =>
      new Promise<Buffer>((resolve) => {
        capture = resolve;
      }),
    waitForCount,
    stop: () =>
      withTimeout(
        "stopping the SMTP sink",
        5_000,
        new Promise<void>((resolve) => server.close(() => resolve())),
      ).catch(() => undefined),
  };
}

/**
 * Points the store's email settings at the sink (plain SMTP, no login) and gives its footer a postal address
 * (welcome emails wait for one), so its emails can go.
 */
export async function sendStoreMailToSink(client: pg.Client, storeId: string, sink: SmtpSink): Promise<void> {
  await client.query(
    `UPDATE email_settings SET smtp_host = '127.0.0.1', smtp_port = $2, smtp_username = NULL, smtp_password = NULL,
            from_email = 'shop@bench-store.example.com', from_name = 'Bench Store', is_configured = true,
            updated_at = now()
      WHERE store_id = $1`,
    [storeId, sink.port],
  );
  await client.query(
    `UPDATE email_templates SET company_address = '1 Bench Street, Springfield' WHERE store_id = $1`,
    [storeId],
  );
}
