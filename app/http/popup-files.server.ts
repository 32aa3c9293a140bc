import fs from "node:fs";
import path from "node:path";
import type { Request, Response } from "express";
import { fileVersion } from "../../popup/file-version";
import { matchesEntityTag } from "./http-cache.server";

/**
 * The storefront script and the files it loads later (build/popup, popup/vite.config.ts: the view, and the
 * feature files: the prize wheel's, the popup steps', the success view's, docs/decisions/183), sent as the build compressed them
 * (docs/decisions/142): brotli or gzip as the browser accepts, the file itself otherwise, with
 * `Vary: Accept-Encoding` so a cache keeps one copy per encoding. A later file is asked for by its content
 * version (`?v=`): that name never changes content, so it is cached for a year, immutable. The script's own
 * name is not versioned (install tags name it plainly): an hour, then revalidated by ETag.
 */
export const POPUP_FILES = /^newsletter-popup(?:-view|-wheel|-steps|-success)?\.js$/;

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
  { name: "identity", suffix: "" },
] as const;
type Encoding = (typeof ENCODINGS)[number]["name"];

const VERSIONED_CACHE = "public, max-age=31536000, immutable";
const PLAIN_CACHE = "public, max-age=3600, stale-while-revalidate=86400";

type PopupFile = { version: string; copies: Record<Encoding, { body: Buffer; etag: string }> };
const loaded = new Map<string, PopupFile>();

function popupFile(file: string): PopupFile {
  let popup = loaded.get(file);
  if (!popup) {
    const full = path.resolve("build/popup", file);
    const version = fileVersion(fs.readFileSync(full));
    const copies = Object.fromEntries(
      ENCODINGS.map(({ name, suffix }) => {
        const body = fs.readFileSync(`${full}${suffix}`);
        // One entity tag per encoding: the copies are different bytes.
        return [name, { body, etag: `"${version}${suffix.replace(".", "-")}"` }];
      }),
    ) as PopupFile["copies"];
    popup = { version, copies };
    loaded.set(file, popup);
  }
  return popup;
}

/** The q-value the client gives each coding it names (`*` for the rest); absent means 1. */
function acceptedCodings(header: string): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    codings.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return codings;
}

/** br, then gzip, when the client accepts it; the file itself otherwise (always acceptable here). */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding {
  const codings = acceptedCodings(acceptEncoding ?? "");
  const accepts = (name: string) => (codings.get(name) ?? codings.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : "identity";
}

export function sendPopupFile(req: Request, res: Response, file: string): void {
  const { version, copies } = popupFile(file);
  const encoding = chosenEncoding(req.get("accept-encoding"));
  const { body, etag } = copies[encoding];
  res.setHeader("Content-Type", "application/javascript; charset=utf-8");
  res.setHeader("Cache-Control", req.query.v === version ? VERSIONED_CACHE : PLAIN_CACHE);
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", etag);
  if (matchesEntityTag(req.get("if-none-match"), etag)) {
    res.status(304).end();
    return;
  }
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
