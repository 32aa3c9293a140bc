import http from "node:http";
import type { AddressInfo } from "node:net";

export type SitePage = { status?: number; headers?: Record<string, string>; body?: string };

/**
 * A merchant's site on 127.0.0.1 whose pages a test sets and changes; counts the requests each path got,
 * so a test can prove a page was (or was not) fetched.
 */
export async function startSiteServer() {
  const pages = new Map<string, SitePage>();
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page = pages.get(path);
    if (!page) {
      response.writeHead(404).end("Not found");
      return;
    }
    response.writeHead(page.status ?? 200, { "Content-Type": "text/html", ...page.headers });
    response.end(page.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    setPage: (path: string, page: SitePage) => pages.set(path, page),
    hits: (path: string) => hits.get(path) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const pageWith = (head: string) => `<!doctype html><html><head>${head}</head><body>Shop</body></html>`;
