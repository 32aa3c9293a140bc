import path from "node:path";
import { defineConfig } from "vite";

/**
 * The commands of the production build, bundled to plain JavaScript so that no process transpiles TypeScript
 * at start: `npm start` (server.ts), `npm run worker` (jobs/worker.ts) and `npm run create-admin`
 * (scripts/create-admin.ts) run build/bin/<name>.js; the tests start the same files. Only this repository's
 * source is bundled: every package stays in node_modules (argon2 is a native module). `npm run dev` still runs
 * server.ts through tsx. docs/decisions/201.
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  publicDir: false,
  logLevel: "warn",
  ssr: { external: true },
  build: {
    ssr: true,
    outDir: "build/bin",
    emptyOutDir: true,
    target: "node20",
    reportCompressedSize: false,
    rollupOptions: {
      input: { server: "server.ts", worker: "jobs/worker.ts", "create-admin": "scripts/create-admin.ts" },
      output: { entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
});
