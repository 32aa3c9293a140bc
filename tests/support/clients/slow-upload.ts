import net from "node:net";
import { parseResponse, type RawResponse } from "./raw-http";

/**
 * A chunked request body written at the client's pace, as a slow (or hostile) client sends it: `send` one
 * piece, `finish` the body. `response` resolves as soon as the server's answer is complete, whether or not
 * the body was finished (a refusal may come first), or rejects when the connection closes without one.
 */
export type SlowUpload = {
  send: (text: string) => void;
  finish: () => void;
  response: Promise<RawResponse>;
  answered: () => boolean;
  close: () => void;
};

export function startSlowUpload(baseUrl: string, path: string, headers: [string, string][]): SlowUpload {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect({ host: hostname, port: Number(port) });
  socket.on("error", () => {});
  let received = "";
  let answer: RawResponse | undefined;
  const response = new Promise<RawResponse>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      answer ??= completeResponse(received);
      if (answer) resolve(answer);
    });
    socket.once("close", () => reject(new Error(`the connection of ${path} closed without an answer`)));
  });
  response.catch(() => {});
  const write = (text: string) => {
    if (!socket.destroyed) socket.write(text, "latin1");
  };
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    "Transfer-Encoding: chunked",
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  write(`${head.join("\r\n")}\r\n\r\n`);
  return {
    send: (text) => write(`${Buffer.byteLength(text, "latin1").toString(16)}\r\n${text}\r\n`),
    finish: () => write("0\r\n\r\n"),
    response,
    answered: () => answer !== undefined,
    close: () => socket.destroy(),
  };
}

/** The answer once its head and its whole body (by Content-Length, or to the last chunk) have arrived. */
function completeResponse(text: string): RawResponse | undefined {
  const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
  const end = text.indexOf("\r\n\r\n");
  if (!status || end < 0) return undefined;
  const parsed = parseResponse(Number(status), text);
  const length = parsed.headers.get("content-length");
  if (length !== undefined) return parsed.body.length >= Number(length) ? parsed : undefined;
  if (parsed.headers.get("transfer-encoding") !== "chunked") return undefined;
  if (!parsed.body.endsWith("0\r\n\r\n")) return undefined;
  return { ...parsed, body: dechunked(parsed.body) };
}

function dechunked(body: string): string {
  let rest = body;
  let text = "";
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return text;
    text += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
