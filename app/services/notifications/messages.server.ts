import type { SystemMessage } from "~/services/email/system-mailer.server";
import { escapeHtml } from "../../../popup/sanitize";

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

/**
 * `emails` is null for a reader without the View Subscribers permission: they get the count only.
 * `welcomeHeld`: the store has no SMTP settings, so their welcome emails wait (held) until it has.
 */
export function digestMail(
  to: string,
  store: string,
  total: number,
  emails: string[] | null,
  welcomeHeld = false,
): SystemMessage {
  const people = `${total} new ${total === 1 ? "person" : "people"} subscribed to ${store}`;
  const listed = emails
    ? [`${people}:`, ...emails, ...(total > emails.length ? [`…and ${total - emails.length} more.`] : [])]
    : [`${people}.`, "Their addresses are shown to team members with the View Subscribers permission."];
  const held = welcomeHeld
    ? [
        `Their welcome emails were not sent: ${store} has no email (SMTP) settings. Set them up in Settings, then send the waiting emails from there.`,
      ]
    : [];
  return simpleMail(to, `${total} new subscriber${total === 1 ? "" : "s"} for ${store}`, [
    ...listed,
    ...held,
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

/**
 * customers/data_request: what the product holds about one of the shop's customers, for the merchant to pass
 * on (Shopify asks the merchant, who answers the customer). The records are JSON, one field per line; each
 * lists the orders placed with that subscriber's code under attributedOrders. `namedOrders` are the orders
 * Shopify named with the request that the app attributed without a record of theirs (a shared code).
 */
export function customerDataRequestMail(
  to: string,
  shop: string,
  customer: string,
  records: (Record<string, unknown> & { attributedOrders: readonly unknown[] })[],
  namedOrders: readonly unknown[] = [],
): SystemMessage {
  const orders = records.reduce((sum, record) => sum + record.attributedOrders.length, 0);
  const subscriberLines =
    records.length === 0
      ? []
      : [
          `Newsletter Popup holds ${records.length} subscriber record${records.length === 1 ? "" : "s"} about ${customer}, with ${orders} order${orders === 1 ? "" : "s"} placed with their discount code:`,
          ...JSON.stringify(records, null, 2).split("\n"),
        ];
  const orderLines =
    namedOrders.length === 0
      ? []
      : [
          `Of the orders Shopify named for ${customer}, Newsletter Popup holds ${namedOrders.length} placed with a popup's discount code:`,
          ...JSON.stringify(namedOrders, null, 2).split("\n"),
        ];
  const found = [...subscriberLines, ...orderLines];
  return simpleMail(to, `Customer data request for ${shop}: ${customer}`, [
    `${shop} received a data request from a customer through Shopify.`,
    ...(found.length === 0 ? [`Newsletter Popup holds no data about ${customer}.`] : found),
    "Send this to the customer as part of your answer to their request.",
  ]);
}
