import http from "node:http";
import type { Duplex } from "node:stream";
import { env } from "~/server/env.server";

/**
 * The HTTP server, patient with clients only so long: the headers within HTTP_HEADERS_TIMEOUT_MS, the whole
 * request, body included, within HTTP_REQUEST_TIMEOUT_MS (then 408 and the connection closes, so a slow upload
 * holds nothing for longer), an idle keep-alive connection kept HTTP_KEEP_ALIVE_TIMEOUT_MS (65 s by default:
 * longer than the 60 s idle timeout of common load balancers and client pools, so the server does not close a
 * connection at the moment a client reuses it). Node looks for overdue requests once a second.
 */
export function createHttpServer(handler: http.RequestListener): http.Server {
  const { HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS } = env();
  const server = http.createServer(
    {
      headersTimeout: HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: HTTP_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: 1_000,
    },
    handler,
  );
  server.keepAliveTimeout = HTTP_KEEP_ALIVE_TIMEOUT_MS;
  server.on("clientError", answerClientError(HTTP_REQUEST_TIMEOUT_MS));
  return server;
}

/** A complete HTTP answer that closes the connection. */
function rawAnswer(status: string, message: string): string {
  const body = JSON.stringify({ message });
  return [
    `HTTP/1.1 ${status}`,
    "Connection: close",
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    body,
  ].join("\r\n");
}

/**
 * What Node does with a request it cannot serve (an overdue one, unparsable bytes), with a message the client
 * can read: the answer, unless one was already being sent, then the connection closes.
 */
function answerClientError(requestTimeoutMs: number) {
  const seconds = Math.ceil(requestTimeoutMs / 1000);
  const timedOut = rawAnswer(
    "408 Request Timeout",
    `The request did not arrive within ${seconds} seconds. Please try again on a faster connection.`,
  );
  const tooLarge = rawAnswer("431 Request Header Fields Too Large", "Request headers are too large");
  const unreadable = rawAnswer("400 Bad Request", "The request could not be read");
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (socket.writable && !answering) {
      if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") socket.write(timedOut);
      else if (error.code === "HPE_HEADER_OVERFLOW") socket.write(tooLarge);
      else socket.write(unreadable);
    }
    socket.destroy(error);
  };
}
