import type { NextFunction, Request, Response } from "express";

/**
 * Requests refused before any routing, each with a 4xx: the router would answer them 500 (it cannot build
 * a Fetch Request for TRACE or for a Host that makes no URL) or resolve them to another route than the
 * path-based rules saw (a dot segment).
 */

/** The methods routes serve; OPTIONS passes too (the storefront's CORS preflight, 405 elsewhere). */
const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

export function refuseUnservedMethods(req: Request, res: Response, next: NextFunction) {
  if (req.method === "OPTIONS" || SERVED_METHODS.includes(req.method)) return next();
  res.setHeader("Allow", SERVED_METHODS.join(", "));
  res.status(405).json({ message: "Method not allowed" });
}

/** React Router builds the request URL from Host (or a trusted X-Forwarded-Host): `a b` or `[::1` make none. */
export function refuseInvalidHost(req: Request, res: Response, next: NextFunction) {
  if (req.hostname && URL.canParse(`${req.protocol}://${req.host}`)) return next();
  res.status(400).json({ message: "Invalid Host header" });
}

/** The path as the router resolves it: percent-decoded, with backslashes read as slashes (WHATWG URL). */
function resolvedSegments(rawPath: string): string[] | null {
  try {
    return decodeURIComponent(rawPath).split(/[/\\]/);
  } catch {
    return null;
  }
}

/**
 * Refuses a path with a dot segment (`..`, `%2e%2e`) or a malformed escape. Browsers remove dot segments
 * before sending, so only a crafted request has one, and the router would resolve it to another route than
 * the path-based rules (CSRF allow-list, storefront assets) saw: `/api/public/%2e%2e/stores`.
 */
export function refuseDotSegments(req: Request, res: Response, next: NextFunction) {
  const segments = resolvedSegments(req.path);
  if (segments && !segments.some((segment) => segment === "." || segment === "..")) return next();
  res.status(400).json({ message: "Invalid request path" });
}
