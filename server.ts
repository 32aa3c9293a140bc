import type http from "node:http";
import path from "node:path";
import type { Express } from "express";
import express from "express";
import { createHttpServer } from "./app/http/http-server.server";
import type { ProductionBuild } from "./app/http/production.server";

/**
 * The HTTP server for `npm run dev` (Vite in middleware mode, hot reload) and `npm start`
 * (the production build). The application itself is app/http/app.server.ts.
 */
const DEVELOPMENT = process.env.NODE_ENV !== "production";
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? "0.0.0.0";

// MOCKS=true answers Shopify Admin API calls with the fake shop of mocks/shopify.ts (development only).
if (process.env.MOCKS === "true") {
  const { setupShopifyMock } = await import("./mocks/shopify");
  setupShopifyMock().server.listen({ onUnhandledRequest: "bypass" });
  process.stdout.write("MOCKS=true: Shopify Admin API calls go to the fake shops of mocks/shopify.ts\n");
}

let listener: http.Server;
let stopBackgroundWork = () => {};
/** What to open once the server listens: the app's address, and /setup while no account exists. */
let startNotice: () => Promise<string>;

if (DEVELOPMENT) {
  const server = express();
  server.disable("x-powered-by");
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(devServer.middlewares);
  const appModule = () =>
    devServer.ssrLoadModule("./app/http/app.server.ts") as Promise<{
      app: Express;
      ready: Promise<void>;
      startNotice: () => Promise<string>;
    }>;
  startNotice = async () => {
    const loaded = await appModule();
    await loaded.ready;
    return loaded.startNotice();
  };
  server.use(async (req, res, next) => {
    try {
      (await appModule()).app(req, res, next);
    } catch (error) {
      if (error instanceof Error) devServer.ssrFixStacktrace(error);
      next(error);
    }
  });
  listener = createHttpServer(server);
} else {
  const build = (await import(path.resolve("build/server/index.js"))) as ProductionBuild;
  await build.ready;
  listener = build.createProductionServer(path.resolve("build/client"));
  stopBackgroundWork = build.stopBackgroundWork;
  startNotice = build.startNotice;
}

listener.listen(PORT, HOST, () => {
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : PORT;
  process.stdout.write(`Newsletter Popup listening on http://localhost:${port}\n`);
  startNotice()
    .then((notice) => process.stdout.write(`${notice}\n`))
    .catch((error: unknown) => process.stderr.write(`Could not read whether an account exists: ${error}\n`));
});

const shutdown = () => {
  stopBackgroundWork();
  listener.close(() => process.exit(0));
};
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
