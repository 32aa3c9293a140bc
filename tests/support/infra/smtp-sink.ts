import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { eventually } from "./wait";

/**
 * accept: store every message; reject: answer 550 to MAIL FROM; refuse: not listening (connection
 * refused); hold: leave MAIL FROM unanswered (a sender stuck mid-send) until the mode changes.
 */
export type SinkMode = "accept" | "reject" | "refuse" | "hold";

/** `raw`: the message as received, for checks on its bytes (a DKIM signature). */
export type SinkMessage = ParsedMail & { envelopeTo: string[]; raw: Buffer };

/** A real SMTP server on 127.0.0.1 that parses and keeps what it receives. */
export type SmtpSink = {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  messages: SinkMessage[];
  /** Counts SMTP sessions that tried to send (also the rejected ones). */
  attempts: () => number;
  /** Messages past MAIL FROM and not yet answered: once 0 in hold mode, nothing more can be accepted. */
  openTransactions: () => number;
  setMode: (mode: SinkMode) => Promise<void>;
  /** Turns to hold mode as the `count`th message is accepted (at once if it already was): no race with senders. */
  holdAfter: (count: number) => void;
  /** Senders left at MAIL FROM in hold mode. */
  heldSenders: () => number;
  /** Answers RCPT TO for `address` with `responseCode` (550: no such mailbox, 450: try later) until cleared. */
  failRecipient: (address: string, responseCode: number | null) => void;
  /** Takes RCPT TO for `address` but answers its message's DATA with `responseCode` until cleared. */
  failData: (address: string, responseCode: number | null) => void;
  /** RCPT TO commands received for `address` (also the refused ones). */
  recipientAttempts: (address: string) => number;
  waitForMessage: (predicate?: (message: SinkMessage) => boolean, timeoutMs?: number) => Promise<SinkMessage>;
  stop: () => Promise<void>;
};

/** `answerDataAfterMs`: a slow server, which keeps each message (counted at once) that long before answering. */
export async function startSmtpSink(
  initialMode: SinkMode = "accept",
  { answerDataAfterMs = 0 } = {},
): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters = new Set<() => void>();
  let mode: SinkMode = "accept";
  let attempts = 0;
  const open = new Set<string>();
  const held: ((error?: Error) => void)[] = [];
  const failingRecipients = new Map<string, number>();
  const failingData = new Map<string, number>();
  const recipientAttempts = new Map<string, number>();
  let holdAt = Number.POSITIVE_INFINITY;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Stopping waits this long for connections still open (a sender's idle pool) before closing them; the
    // library's default, 30 s, was most of the time of every file that stops a sink.
    closeTimeout: 200,
    onMailFrom(_address, session, callback) {
      attempts += 1;
      if (mode === "hold") {
        held.push(callback);
        return;
      }
      if (mode === "reject") {
        callback(Object.assign(new Error("Mailbox unavailable (test sink)"), { responseCode: 550 }));
        return;
      }
      open.add(session.id);
      callback();
    },
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      recipientAttempts.set(recipient, (recipientAttempts.get(recipient) ?? 0) + 1);
      const responseCode = failingRecipients.get(recipient);
      if (responseCode === undefined) return callback();
      callback(Object.assign(new Error(`Recipient refused (test sink, ${responseCode})`), { responseCode }));
    },
    onClose(session) {
      open.delete(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const refusal = envelopeTo.map((to) => failingData.get(to.toLowerCase())).find(Boolean);
          if (refusal) {
            open.delete(session.id);
            callback(
              Object.assign(new Error(`Message refused (test sink, ${refusal})`), { responseCode: refusal }),
            );
            return;
          }
          messages.push(Object.assign(parsed, { envelopeTo, raw: Buffer.concat(chunks) }));
          if (messages.length >= holdAt) mode = "hold";
          for (const wake of waiters) wake();
          setTimeout(() => {
            open.delete(session.id);
            callback();
          }, answerDataAfterMs);
        })
        .catch((error: Error) => {
          open.delete(session.id);
          callback(error);
        });
    },
  });
  server.on("error", () => {});

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.server.off("error", reject);
        const address = server.server.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.server.listening) return resolve();
      server.server.close(() => resolve());
    });

  const port = await listen(0);

  async function setMode(next: SinkMode) {
    // Senders still held get a temporary failure (421), as from a server that gave up on them.
    for (const release of held.splice(0))
      release(Object.assign(new Error("Try again later (test sink)"), { responseCode: 421 }));
    if (next === "refuse") await stopListening();
    else if (!server.server.listening) await listen(port);
    mode = next;
    holdAt = Number.POSITIVE_INFINITY;
  }
  await setMode(initialMode);

  function waitForMessage(predicate: (message: SinkMessage) => boolean = () => true, timeoutMs = 10_000) {
    return new Promise<SinkMessage>((resolve, reject) => {
      const check = () => {
        const found = messages.find(predicate);
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No matching email within ${timeoutMs} ms (received ${messages.length}).`));
      }, timeoutMs);
      const wake = () => void check();
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(wake);
      };
      waiters.add(wake);
      check();
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    attempts: () => attempts,
    holdAfter: (count) => {
      holdAt = count;
      if (messages.length >= count) mode = "hold";
    },
    heldSenders: () => held.length,
    openTransactions: () => open.size,
    setMode,
    failRecipient: (address, responseCode) => {
      if (responseCode === null) failingRecipients.delete(address.toLowerCase());
      else failingRecipients.set(address.toLowerCase(), responseCode);
    },
    failData: (address, responseCode) => {
      if (responseCode === null) failingData.delete(address.toLowerCase());
      else failingData.set(address.toLowerCase(), responseCode);
    },
    recipientAttempts: (address) => recipientAttempts.get(address.toLowerCase()) ?? 0,
    waitForMessage,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server.server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

/** The first http(s) link of a message's text part that contains `fragment`. */
export function findLink(message: ParsedMail, fragment: string): string | undefined {
  const links = (message.text ?? "").match(/https?:\/\/\S+/g) ?? [];
  return links.find((link) => link.includes(fragment));
}

/**
 * How many messages each address received, once every one has at least one (and a second more for
 * stragglers): exactly-once tests compare it with one per address.
 */
export async function deliveriesTo(sink: SmtpSink, emails: string[], timeoutMs: number) {
  const wanted = new Set(emails);
  const counts = () => {
    const found = new Map<string, number>();
    for (const message of sink.messages)
      for (const to of message.envelopeTo) if (wanted.has(to)) found.set(to, (found.get(to) ?? 0) + 1);
    return found;
  };
  await eventually(() => counts().size === wanted.size, {
    timeoutMs,
    intervalMs: 250,
    what: "every welcome email",
  }).catch((error: Error) => {
    throw new Error(`${error.message}: ${counts().size} of ${wanted.size} arrived`);
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return counts();
}

/** What deliveriesTo answers when each address got exactly one message. */
export const exactlyOnce = (emails: string[]) => new Map(emails.map((email) => [email, 1]));
