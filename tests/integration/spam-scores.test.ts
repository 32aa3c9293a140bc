import { spawn } from "node:child_process";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { describe, expect, it } from "vitest";
import { emailKinds as kinds } from "../support/builders/email-kinds";
import { printSummary } from "../support/matrices/summary";

/**
 * Every kind of email the product sends, composed by nodemailer as the mailers compose it (the product's own
 * renderers, headers and senders), scored by SpamAssassin 4 with its offline rules (`spamassassin -t -L`,
 * installed from Debian by .ci/run). Each must stay at or below 1.0 point; 5.0 is where SpamAssassin calls
 * a message spam.
 */
const MAX_SCORE = 1.0;

/** The message as the SMTP server would receive it: nodemailer's own MIME output. */
async function compose(mail: SendMailOptions): Promise<string> {
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(mail);
  return (built.message as Buffer).toString("utf8");
}

/** Every message in one mbox, scored by one SpamAssassin process: each score in order. */
function spamScores(messages: string[]): Promise<number[]> {
  const mbox = messages
    .map((message) => `From sender@example.com Sat Nov 28 03:00:00 2026\n${message.replace(/\r\n/g, "\n")}\n`)
    .join("\n");
  return new Promise((resolve, reject) => {
    const child = spawn("spamassassin", ["-t", "-L", "--mbox"], { stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    let errors = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      errors += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) return reject(new Error(`spamassassin exited with ${code}: ${errors}`));
      resolve(
        [...output.matchAll(/^X-Spam-Status: \w+, score=(-?[\d.]+)/gm)].map((match) => Number(match[1])),
      );
    });
    child.stdin.end(mbox);
  });
}

const reported: string[] = [];
const scores = printSummary(
  ({ tried, passed }, n) =>
    `spam scores (SpamAssassin, offline rules): ${n(passed)} of ${n(tried)} kinds at most ${MAX_SCORE}: ${reported.join(", ")}`,
);

describe("every email the product sends, scored by SpamAssassin", () => {
  it(`stays at or below ${MAX_SCORE} point`, async () => {
    const messages = await Promise.all(kinds.map((kind) => compose(kind.mail)));
    const results = await spamScores(messages);
    expect(results).toHaveLength(kinds.length);
    const byKind = Object.fromEntries(kinds.map((kind, index) => [kind.name, results[index]]));
    reported.push(...Object.entries(byKind).map(([name, score]) => `${name} ${score?.toFixed(1)}`));
    scores.tried(kinds.length);
    for (const [name, score] of Object.entries(byKind)) {
      expect(score, name).toBeLessThanOrEqual(MAX_SCORE);
      scores.passed();
    }
  }, 60_000);
});
