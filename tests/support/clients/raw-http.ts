import net from "node:net";

/**
 * One HTTP/1.1 request written byte for byte on a socket: fetch and node:http normalise the path
 * (`/a/../b`), refuse methods such as TRACE and check header values, which is exactly what a hostile
 * client does not do. `headers` are sent as given, in order, so a name may repeat; Host and Content-Length
 * are added unless given.
 */
export type RawRequest = { method: string; path: string; headers?: [string, string][]; body?: string };

export type RawResponse = { status: number; headers: Map<string, string>; body: string };

const TIMEOUT_MS = 10_000;

export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const given = request.headers ?? [];
  const has = (name: string) => given.some(([header]) => header.toLowerCase() === name);
  const headers: [string, string][] = [
    ...(has("host") ? [] : ([["Host", `${hostname}:${port}`]] as [string, string][])),
    ["Connection", "close"],
    ...(request.body === undefined || has("content-length")
      ? []
      : ([["Content-Length", String(Buffer.byteLength(request.body, "latin1"))]] as [string, string][])),
    ...given,
  ];
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(TIMEOUT_MS, () =>
      socket.destroy(new Error(`no answer to ${request.method} ${request.path}`)),
    );
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.once("error", reject);
    socket.once("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!match)
        return reject(new Error(`no HTTP answer to ${request.method} ${request.path}: ${text.slice(0, 80)}`));
      resolve(parseResponse(Number(match[1]), text));
    });
    socket.write(`${head.join("\r\n")}\r\n\r\n${request.body ?? ""}`, "latin1");
  });
}

export function parseResponse(status: number, text: string): RawResponse {
  const end = text.indexOf("\r\n\r\n");
  const headers = new Map<string, string>();
  for (const line of text.slice(0, end).split("\r\n").slice(1)) {
    const separator = line.indexOf(":");
    headers.set(line.slice(0, separator).trim().toLowerCase(), line.slice(separator + 1).trim());
  }
  return { status, headers, body: text.slice(end + 4) };
}
