import { createHash } from "node:crypto";

/**
 * A storefront file's version: the first 10 characters of its content's SHA-256 (base64url). The build names
 * the later files with it (`?v=`, popup/vite.config.ts) and the server caches a file for good when the
 * version asked for is its own (app/http/popup-files.server.ts). Build and server only.
 */
export function fileVersion(content: string | Buffer): string {
  return createHash("sha256").update(content).digest("base64url").slice(0, 10);
}
