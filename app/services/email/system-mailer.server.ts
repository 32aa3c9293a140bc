import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";

export type SystemMessage = { to: string; subject: string; text: string; html: string };

let smtp: Transporter | undefined;

/** True when system mail is written to DATA_DIR/outbox instead of being sent. */
export function usesOutbox(): boolean {
  return !env().SMTP_URL;
}

function smtpTransport(url: string): Transporter {
  smtp ??= nodemailer.createTransport(url);
  return smtp;
}

/** Sends product mail (reset, invite, notifications) through SMTP_URL, or writes it to the outbox. */
export async function sendSystemMail(message: SystemMessage): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  const mail = { from: MAIL_FROM, ...message };
  if (SMTP_URL) {
    await smtpTransport(SMTP_URL).sendMail(mail);
    return;
  }
  const file = await writeToOutbox(mail);
  logger().info({ to: message.to, subject: message.subject, file }, "system mail written to outbox");
}

async function writeToOutbox(mail: SystemMessage & { from: string }): Promise<string> {
  const outbox = path.resolve(env().DATA_DIR, "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(mail);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(outbox, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, built.message as Buffer);
  return file;
}

export async function closeMail(): Promise<void> {
  smtp?.close();
  smtp = undefined;
}
