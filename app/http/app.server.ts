import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { bootstrap } from "~/http/bootstrap.server";

export { startNotice } from "~/http/bootstrap.server";

import { env, isProduction } from "~/server/env.server";
import { appProxyRouter } from "./app-proxy.server";
import { emailEventsRouter } from "./email-events.server";
import { sendError } from "./errors.server";
import { notificationAddressRouter } from "./notification-address-pages.server";
import { warnOnceAboutUntrustedProxy } from "./proxy-warning.server";
import { publicRouter } from "./public.server";
import { publicImageRouter } from "./public-images.server";
import { discardUnreadBody } from "./request-body.server";
import { refuseDotSegments, refuseInvalidHost, refuseUnservedMethods } from "./request-guards.server";
import { rejectCrossSiteMutations, securityHeaders } from "./security.server";
import { subscriberExportRouter } from "./subscriber-export.server";
import { subscriberRouter } from "./subscriber-pages.server";

declare module "react-router" {
  interface AppLoadContext {
    ip: string;
    cspNonce: string;
  }
}

/** Resolves when the database is migrated and the first admin exists; the server awaits it before listening. */
export const ready = bootstrap();

export const app = express();
app.disable("x-powered-by");
const { TRUST_PROXY } = env();
// A number is a hop count ("1" = one proxy); Express would read a numeric string as an IP address.
if (TRUST_PROXY) app.set("trust proxy", /^\d+$/.test(TRUST_PROXY) ? Number(TRUST_PROXY) : TRUST_PROXY);
else if (isProduction()) app.use(warnOnceAboutUntrustedProxy());
app.use(async (_req, _res, next) => {
  await ready;
  next();
});
app.use(discardUnreadBody);
app.use(securityHeaders);
app.use(refuseUnservedMethods);
app.use(refuseInvalidHost);
app.use(refuseDotSegments);
app.use(rejectCrossSiteMutations);
app.use(publicRouter);
app.use(emailEventsRouter);
app.use(appProxyRouter);
app.use(publicImageRouter);
app.use(subscriberRouter);
app.use(notificationAddressRouter);
app.use(subscriberExportRouter);
const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
const getLoadContext = (req: express.Request, res: express.Response) => ({
  ip: req.ip ?? "unknown",
  cspNonce: String(res.locals.cspNonce ?? ""),
});
/**
 * React Router derives its handler from a build given as a function on every request: it flattens and ranks
 * every route again (a third of an API call's CPU). In production the build never changes, so it is given
 * once; in development a function, so that an edited route is served at once.
 */
const reactRouter = isProduction()
  ? loadBuild().then((build) => createRequestHandler({ build, getLoadContext }))
  : Promise.resolve(createRequestHandler({ build: loadBuild, getLoadContext }));
app.use((req, res, next) => {
  reactRouter.then((handle) => handle(req, res, next), next);
});
app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  sendError(res, error, "unhandled request error");
});
