import { escapeHtml } from "../../../popup/sanitize";
import { bulletproofButton } from "./bulletproof-button.server";
import type { SystemMessage } from "./system-mailer.server";

function actionMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): SystemMessage {
  const text = `${intro}\n\n${action}: ${link}\n\n${outro}\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#202223;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<div style="margin:16px 0">${bulletproofButton({ href: link, label: action, color: "#0071b9", align: "left" })}</div>
<p style="font-size:13px;color:#6d7175">${escapeHtml(outro)}<br>${escapeHtml(link)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, link: string): SystemMessage {
  return actionMail(
    to,
    "Reset your Newsletter Popup password",
    "Someone asked to reset the password of your Newsletter Popup account.",
    "Set a new password",
    link,
    "The link works once and expires in 60 minutes. If you did not ask for it, ignore this email.",
  );
}

export function memberInviteMail(to: string, link: string, invitedBy: string): SystemMessage {
  return actionMail(
    to,
    "You have been invited to Newsletter Popup",
    `${invitedBy} invited you to manage newsletter popups and subscribers with Newsletter Popup.`,
    "Set your password",
    link,
    "The link works once and expires in 7 days.",
  );
}

export function notificationAddressMail(to: string, link: string): SystemMessage {
  return actionMail(
    to,
    "Confirm your Newsletter Popup notification address",
    "Someone asked Newsletter Popup to send a store's notifications (new subscribers, daily summaries, unsubscribe alerts) to this address.",
    "Confirm this address",
    link,
    "The link works once and expires in 24 hours. If you did not ask for it, ignore this email: nothing more will be sent here.",
  );
}
