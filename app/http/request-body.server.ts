import type { NextFunction, Request, Response } from "express";

/**
 * A route that answers before reading the request body (a 401, 404 or 422 decided from the URL alone)
 * leaves the rest of that body in the socket. Node discards it only when nothing ever listened to the
 * request stream, and React Router's adapter always does, so the next request on that keep-alive
 * connection waited behind the unread bytes until the socket timed out (ECONNRESET for the client).
 * Once the answer is out, what is left of the body is read and thrown away, as Node would.
 */
export function discardUnreadBody(req: Request, res: Response, next: NextFunction) {
  res.once("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
}
