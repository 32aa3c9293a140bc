import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const OUT_DIR = fileURLToPath(new URL("../build/popup", import.meta.url));
const EXTENSION_ASSET = fileURLToPath(
  new URL("../extensions/newsletter-popup/assets/newsletter-popup.js", import.meta.url),
);

/**
 * The theme app extension serves the very same file from Shopify's CDN: each build copies it into the
 * extension's assets/ (not committed; `npm run shopify:dev` and `shopify:deploy` build it first).
 */
const themeExtensionAsset: Plugin = {
  name: "theme-extension-asset",
  closeBundle() {
    fs.mkdirSync(path.dirname(EXTENSION_ASSET), { recursive: true });
    fs.copyFileSync(path.join(OUT_DIR, "newsletter-popup.js"), EXTENSION_ASSET);
  },
};

/**
 * The storefront script: popup/main.ts → build/popup/newsletter-popup.js, one minified IIFE with no
 * imports and no chunks (served as /js/newsletter-popup.js, and by the theme app extension).
 * Budget: ≤ 10,000 bytes gzip.
 */
export default defineConfig({
  publicDir: false,
  plugins: [themeExtensionAsset],
  logLevel: "warn",
  esbuild: { legalComments: "none" },
  build: {
    outDir: OUT_DIR,
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
