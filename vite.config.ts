import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // The server bundle's entry is the production server around the Express app, so the public endpoints and
  // the React Router handler share one module graph (one database client per process). One file, no chunks:
  // the integration tests import it once per app they boot, each a fresh instance with its own settings.
  build: isSsrBuild
    ? { rollupOptions: { input: "./app/http/production.server.ts", output: { inlineDynamicImports: true } } }
    : undefined,
  ssr: { noExternal: ["@shopify/polaris", "@shopify/polaris-icons"] },
  // The dev server's dependency scan reads loaders and actions too, and would pre-bundle argon2's browser
  // build for the client, whose WebAssembly package is not installed; no client module uses it.
  optimizeDeps: { exclude: ["@node-rs/argon2"] },
}));
