import express, { type Request, type Response } from "express";
import { confirmNotificationAddress, pendingAddressFor } from "~/services/notifications/address.server";
import { escapeHtml } from "../../popup/sanitize";
import { invalidLink, page } from "./subscriber-pages.server";

/**
 * The link mailed to a new notification address. No session: whoever reads that inbox confirms it.
 * A GET never confirms (link scanners follow links); its button POSTs, and the link then stops working.
 */
export const notificationAddressRouter = express.Router();

notificationAddressRouter.get("/notification-email/:token", async (req: Request, res: Response) => {
  const address = await pendingAddressFor(String(req.params.token));
  if (!address) return invalidLink(res);
  page(
    res,
    200,
    "Confirm notification address",
    `<p>Send Newsletter Popup store notifications to ${escapeHtml(address)}?</p><form method="post"><button type="submit">Confirm this address</button></form>`,
  );
});

notificationAddressRouter.post("/notification-email/:token", async (req: Request, res: Response) => {
  const address = await confirmNotificationAddress(String(req.params.token));
  if (!address) return invalidLink(res);
  page(
    res,
    200,
    "Notification address confirmed",
    `<p>Store notifications now go to ${escapeHtml(address)}.</p>`,
  );
});
