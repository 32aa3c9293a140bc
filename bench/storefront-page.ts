import http from "node:http";

/**
 * A storefront-like page for the Lighthouse bench (written for it, no theme's code): a header with a menu, a
 * hero, a grid of products with their images (inline SVG), a newsletter-free footer, its own CSS; with or
 * without the popup's install tag. Served on loopback, so Web Crypto and Workers have a secure context.
 */
const PRODUCTS = [
  ["Linen shirt", "#c9b79c", 48],
  ["Canvas tote", "#8fa5a0", 32],
  ["Wool beanie", "#b4656f", 24],
  ["Leather belt", "#6b4f3a", 56],
  ["Cotton socks", "#e0c36b", 12],
  ["Rain jacket", "#3f5e7a", 129],
  ["Denim jeans", "#465a86", 89],
  ["Silk scarf", "#d49ab0", 64],
] as const;

const CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1d1d1f;background:#faf9f7}
header{display:flex;justify-content:space-between;align-items:center;padding:16px 24px;background:#fff;border-bottom:1px solid #e5e2dc;position:sticky;top:0}
nav a{margin-left:16px;color:inherit;text-decoration:none}
.hero{padding:48px 24px;background:linear-gradient(120deg,#f1e7da,#dfe9e6);text-align:center}
.hero h1{font-size:2rem;margin:0 0 8px}.hero a{display:inline-block;margin-top:16px;padding:12px 24px;background:#1d1d1f;color:#fff;border-radius:4px;text-decoration:none}
main{max-width:1100px;margin:0 auto;padding:24px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:16px}
.card{background:#fff;border:1px solid #e5e2dc;border-radius:6px;overflow:hidden}.card svg{display:block;width:100%;height:auto}
.card p{margin:8px 12px}.price{font-weight:600}
footer{padding:32px 24px;color:#6e6e73;text-align:center}`;

function card([name, colour, price]: (typeof PRODUCTS)[number]): string {
  return `<article class="card"><svg viewBox="0 0 4 3" width="400" height="300" role="img" aria-label="${name}"><rect width="4" height="3" fill="${colour}"/></svg><p>${name}</p><p class="price">$${price}.00</p></article>`;
}

export function storefrontPage(installTag: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Bench Outfitters</title><meta name="description" content="Clothes and accessories, made to last."><style>${CSS}</style></head>
<body><header><strong>Bench Outfitters</strong><nav><a href="/">Shop</a><a href="/">About</a><a href="/">Cart (0)</a></nav></header>
<section class="hero"><h1>Made to last</h1><p>Clothes and accessories for every season.</p><a href="/">Shop the collection</a></section>
<main><h2>New arrivals</h2><div class="grid">${PRODUCTS.map(card).join("")}</div></main>
<footer>© Bench Outfitters</footer>${installTag}</body></html>`;
}

/** Serves `/plain` and `/with-popup` on a free loopback port; resolves with its origin and a stop. */
export async function serveStorefront(installTag: string) {
  const pages: Record<string, string> = {
    "/plain": storefrontPage(""),
    "/with-popup": storefrontPage(installTag),
  };
  const server = http.createServer((req, res) => {
    const page = pages[req.url ?? ""];
    res.writeHead(page ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(page ?? "Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
