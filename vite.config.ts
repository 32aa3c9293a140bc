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
  optimizeDeps: {
    // The dev server's dependency scan reads loaders and actions too, and would pre-bundle argon2's browser
    // build for the client, whose WebAssembly package is not installed; no client module uses it.
    exclude: ["@node-rs/argon2"],
    // Every screen is scanned when `npm run dev` starts, and Polaris' own imports are named (they were found
    // only once a page asked for them): a dependency found late reloads the browser, and on the first run that
    // reload hit /setup just after the account was created, which then answered 404.
    entries: ["app/root.tsx", "app/routes/**/*.tsx"],
    include: ["@shopify/polaris-tokens", "react-fast-compare", "react-transition-group"],
  },
}));
