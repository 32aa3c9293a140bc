import type { RequestHandler } from "express";
import { logger } from "~/server/logger.server";
import { isPrivateAddress } from "~/server/network-guard.server";

/**
 * Without TRUST_PROXY, every request that comes through a reverse proxy carries the proxy's address, so
 * the per-address limits (failed logins, reset requests, signups) count all its clients as one. A
 * forwarded request from a private address means such a proxy is there: say so once, at the first one.
 */
export function warnOnceAboutUntrustedProxy(): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    const forwarded = req.headers["x-forwarded-for"] ?? req.headers.forwarded;
    const peer = req.socket.remoteAddress ?? "";
    if (!warned && forwarded && isPrivateAddress(peer)) {
      warned = true;
      logger().warn(
        { proxy: peer },
        "Requests arrive through a proxy but TRUST_PROXY is unset: every client shares the proxy's address for rate limits. Set TRUST_PROXY (e.g. 1).",
      );
    }
    next();
  };
}
