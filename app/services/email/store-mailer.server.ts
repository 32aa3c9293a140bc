import net from "node:net";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import type { emailSettings } from "~/db/schema";
import { decryptSecret } from "~/server/crypto.server";
import { resolvePublicHost } from "~/server/network-guard.server";

type Settings = typeof emailSettings.$inferSelect;

/** One pooled transport per store and settings version: connections are reused across messages. */
const transports = new Map<string, { version: number; transport: Transporter }>();

/** Connect, greet and answer within these bounds, so a dead server fails a job instead of hanging it. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

type SocketCallback = (error: Error | null, socket?: { connection: net.Socket }) => void;

function noDelaySocket(address: string, port: number) {
  return (_options: unknown, callback: SocketCallback) => {
    const socket = net.connect({ host: address, port, noDelay: true, timeout: TIMEOUTS.connectionTimeout });
    socket.once("timeout", () => socket.destroy(new Error(`Connection to ${address}:${port} timed out`)));
    const failed = (error: Error) => callback(error);
    socket.once("error", failed);
    socket.once("connect", () => {
      // From here nodemailer owns the socket and its errors.
      socket.off("error", failed);
      socket.setTimeout(0);
      callback(null, { connection: socket });
    });
  };
}

/** DKIM signing for the From address's domain, when the merchant gave a selector and a private key. */
function dkimOf(settings: Settings) {
  const domainName = settings.fromEmail?.split("@")[1];
  if (!settings.dkimSelector || !settings.dkimPrivateKey || !domainName) return undefined;
  return {
    domainName,
    keySelector: settings.dkimSelector,
    privateKey: decryptSecret(settings.dkimPrivateKey),
  };
}

async function transportFor(settings: Settings): Promise<Transporter> {
  const version = settings.updatedAt.getTime();
  const cached = transports.get(settings.storeId);
  if (cached?.version === version) return cached.transport;
  cached?.transport.close();
  // The host is resolved and checked once; the connection goes to that address (no DNS rebinding).
  const address = await resolvePublicHost(settings.smtpHost);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 5,
    maxMessages: 500,
    host: address,
    port: settings.smtpPort,
    secure: settings.smtpPort === 465,
    auth: settings.smtpUsername
      ? {
          user: settings.smtpUsername,
          pass: settings.smtpPassword ? decryptSecret(settings.smtpPassword) : "",
        }
      : undefined,
    tls: { servername: settings.smtpHost },
    dkim: dkimOf(settings),
    // nodemailer leaves Nagle's algorithm on, which stalls each SMTP command on a delayed ACK (about 5×
    // fewer messages per second). Plain-port connections are opened here instead, without it, to the
    // address checked above. Port 465 (TLS from the first byte) keeps nodemailer's own socket.
    getSocket: settings.smtpPort === 465 ? undefined : noDelaySocket(address, settings.smtpPort),
    ...TIMEOUTS,
  });
  transports.set(settings.storeId, { version, transport });
  return transport;
}

export function senderOf(settings: Settings): SendMailOptions["from"] {
  return settings.fromName
    ? { name: settings.fromName, address: settings.fromEmail ?? "" }
    : (settings.fromEmail ?? "");
}

/** Sends through the store's own SMTP server; resolves with the server's answer. */
export async function sendStoreMail(
  settings: Settings,
  message: SendMailOptions,
): Promise<{ messageId: string; response: string }> {
  const transport = await transportFor(settings);
  const info = await transport.sendMail({ from: senderOf(settings), ...message });
  return { messageId: info.messageId, response: info.response };
}

/** A 5xx answer is final (bad address, refused sender): retrying cannot help. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export function closeStoreMailers(): void {
  for (const { transport } of transports.values()) transport.close();
  transports.clear();
}
