import { createHash } from "node:crypto";

/** A strong entity tag for a body: its SHA-256, shortened (collisions between versions of one URL are what matters). */
export function entityTag(body: string | Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether If-None-Match names this entity tag (or `*`): the client's copy is current, a 304 will do. */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}
