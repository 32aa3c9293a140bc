import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The storefront script: popup/main.ts → build/popup/newsletter-popup.js, one minified IIFE with no
 * imports and no chunks (served as /js/newsletter-popup.js). Budget: ≤ 10,000 bytes gzip.
 */
export default defineConfig({
  publicDir: false,
  logLevel: "warn",
  esbuild: { legalComments: "none" },
  build: {
    outDir: fileURLToPath(new URL("../build/popup", import.meta.url)),
    emptyOutDir: true,
    target: "es2019",
    minify: "esbuild",
    sourcemap: false,
    reportCompressedSize: false,
    lib: {
      entry: fileURLToPath(new URL("./main.ts", import.meta.url)),
      formats: ["iife"],
      name: "NewsletterPopupScript",
      fileName: () => "newsletter-popup.js",
    },
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
});
