import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { type MailContext, recipientOf } from "~/services/email/mail-context.server";

/** What nodemailer would hand the SMTP server as RCPT TO, without a server. */
async function envelopeTo(subscriber: { email: string; name: string | null }): Promise<string[]> {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const context = { subscriber } as MailContext;
  const info = await transport.sendMail({ from: "hello@acme.example", to: recipientOf(context), text: "" });
  return info.envelope.to;
}

describe("recipientOf", () => {
  it("names exactly one recipient, even for a stored address that reads as a list", async () => {
    expect(await envelopeTo({ email: "victim@gmail.com,jo@acme.example", name: null })).toHaveLength(1);
    expect(await envelopeTo({ email: "jo@acme.example;victim@gmail.com", name: "Jo" })).toHaveLength(1);
    expect(await envelopeTo({ email: "Jo <victim@gmail.com>", name: null })).toHaveLength(1);
  });

  it("keeps a plain address as it is", async () => {
    expect(await envelopeTo({ email: "Jo.Smith@acme.example", name: "Jo" })).toEqual([
      "Jo.Smith@acme.example",
    ]);
  });
});
