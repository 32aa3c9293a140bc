import path from "node:path";
import compression from "compression";
import type { Express } from "express";
import express from "express";
import { createHttpServer } from "./app/http/http-server.server";

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

const server = express();
server.disable("x-powered-by");

if (DEVELOPMENT) {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(devServer.middlewares);
  server.use(async (req, res, next) => {
    try {
      const source = (await devServer.ssrLoadModule("./app/http/app.server.ts")) as { app: Express };
      source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) devServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const buildDir = path.resolve("build");
  const build = (await import(path.join(buildDir, "server/index.js"))) as {
    app: Express;
    ready: Promise<void>;
  };
  // The hashed JS and CSS (about two thirds smaller gzipped). Pages are not compressed here: buffering
  // for compression would hold back the streamed parts of a server-rendered page.
  server.use(
    "/assets",
    compression(),
    express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }),
  );
  const staticFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  // API calls are never files: skip the file-system lookup on that hot path.
  server.use((req, res, next) => (req.path.startsWith("/api/") ? next() : staticFiles(req, res, next)));
  await build.ready;
  server.use(build.app);
}

const listener = createHttpServer(server).listen(PORT, HOST, () => {
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : PORT;
  process.stdout.write(`Newsletter Popup listening on http://localhost:${port}\n`);
});

const shutdown = () => listener.close(() => process.exit(0));
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
