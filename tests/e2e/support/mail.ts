import fs from "node:fs/promises";
import path from "node:path";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { type SmtpSink, startSmtpSink } from "../../support/infra/smtp-sink";
import { type AppApi, apiAs } from "./api";
import { expect, test } from "./fixtures";
import type { E2EServer } from "./servers";
import { ADMIN, MAIN } from "./servers";

function recipients(mail: ParsedMail): string[] {
  const to: AddressObject[] = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((group) => group.value.map((address) => (address.address ?? "").toLowerCase()));
}

async function mailsFor(server: E2EServer, recipient: string, since: number): Promise<ParsedMail[]> {
  let files: string[];
  try {
    files = await fs.readdir(server.outbox);
  } catch {
    return [];
  }
  const found: { mail: ParsedMail; written: number }[] = [];
  for (const file of files.filter((name) => name.endsWith(".eml"))) {
    const full = path.join(server.outbox, file);
    const written = (await fs.stat(full)).mtimeMs;
    if (written < since) continue;
    const mail = await simpleParser(await fs.readFile(full));
    if (recipients(mail).includes(recipient.toLowerCase())) found.push({ mail, written });
  }
  return found.sort((a, b) => b.written - a.written).map((entry) => entry.mail);
}

/**
 * The newest message the server wrote to its outbox for `recipient` (written at or after `since`,
 * a Date.now() value), waiting for it since system mail is sent by a background job.
 */
export async function newestMail(server: E2EServer, recipient: string, since = 0): Promise<ParsedMail> {
  let newest: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        newest = (await mailsFor(server, recipient, since))[0];
        return newest !== undefined;
      },
      { message: `an email to ${recipient} in ${server.outbox}`, timeout: 15_000 },
    )
    .toBe(true);
  if (!newest) throw new Error(`no email to ${recipient}`);
  return newest;
}

/** The first link in a message's text part that points at `pathname` on the server. */
export function linkIn(mail: ParsedMail, pathname: string): URL {
  const links = (mail.text ?? "").match(/https?:\/\/\S+/g) ?? [];
  const link = links.map((candidate) => new URL(candidate)).find((url) => url.pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in "${mail.subject ?? ""}"`);
  return link;
}

/**
 * For a spec whose stores send through an SMTP server of its own: a sink on the loopback and the admin's API,
 * both started before the spec's first test and stopped after its last. The object is filled in then.
 */
export function useSmtpSinkAndAdminApi(): { sink: SmtpSink; api: AppApi } {
  const uses = {} as { sink: SmtpSink; api: AppApi };
  test.beforeAll(async () => {
    uses.sink = await startSmtpSink();
    uses.api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
  });
  test.afterAll(async () => {
    await uses.api?.dispose();
    await uses.sink?.stop();
  });
  return uses;
}
