import fs from "node:fs/promises";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";

/** The system mail the app wrote to DATA_DIR/outbox (no SMTP_URL), parsed, oldest first. */
export async function readOutbox(dataDir = process.env.DATA_DIR ?? "./data"): Promise<ParsedMail[]> {
  const outbox = path.resolve(dataDir, "outbox");
  const files = await fs.readdir(outbox).catch(() => [] as string[]);
  const emls = files.filter((file) => file.endsWith(".eml")).sort();
  return Promise.all(emls.map(async (file) => simpleParser(await fs.readFile(path.join(outbox, file)))));
}

/** Polls the outbox until a message matches (the app writes it from a background job). */
export async function waitForOutboxMessage(
  predicate: (message: ParsedMail) => boolean,
  options: { dataDir?: string; timeoutMs?: number } = {},
): Promise<ParsedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const found = (await readOutbox(options.dataDir)).find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error("No matching .eml file appeared in the outbox");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The recipients' addresses of a parsed message. */
export function recipients(message: ParsedMail): string[] {
  const to = message.to === undefined ? [] : Array.isArray(message.to) ? message.to : [message.to];
  return to.flatMap((address) => address.value.map((entry) => entry.address ?? ""));
}
