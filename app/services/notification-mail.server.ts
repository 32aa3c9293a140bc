import type { SystemMessage } from "./mail.server";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function simpleMail(to: string, subject: string, lines: string[]): SystemMessage {
  return {
    to,
    subject,
    text: `${lines.join("\n")}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#202223;line-height:1.5">${lines
      .map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`)
      .join("")}</body></html>`,
  };
}

export function digestMail(to: string, store: string, total: number, emails: string[]): SystemMessage {
  const more = total > emails.length ? [`…and ${total - emails.length} more.`] : [];
  return simpleMail(to, `${total} new subscriber${total === 1 ? "" : "s"} for ${store}`, [
    `${total} new ${total === 1 ? "person" : "people"} subscribed to ${store}:`,
    ...emails,
    ...more,
  ]);
}

export function summaryMail(
  to: string,
  store: string,
  day: string,
  fresh: number,
  total: number,
): SystemMessage {
  return simpleMail(to, `Daily subscriber summary for ${store} (${day})`, [
    `New subscribers on ${day}: ${fresh}.`,
    `Active subscribers now: ${total}.`,
  ]);
}

export function unsubscribeAlertMail(to: string, store: string, left: number, base: number): SystemMessage {
  const rate = ((left / base) * 100).toFixed(1);
  return simpleMail(to, `Unsubscribe alert for ${store}`, [
    `${left} of ${base} subscribers (${rate}%) unsubscribed from ${store} today.`,
    "Check your recent emails and popup offer.",
  ]);
}
