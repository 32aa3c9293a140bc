import type { Request } from "express";

/**
 * The parts of an Express request the session guards read (URL and headers), as a Fetch API Request: the
 * plain Express handlers in front of React Router find the signed-in actor as the routes do.
 */
export function fetchRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new globalThis.Request(new URL(req.originalUrl, "http://localhost"), { headers });
}
