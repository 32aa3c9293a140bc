import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { NonceContext } from "./components/nonce";
import { logger } from "./server/logger.server";

export const streamTimeout = 5_000;

/** React Router's words for a method a route does not serve (it answers 405): the client's mistake. */
const UNSERVED_METHOD = /^(You made a \w+ request to|Invalid request method)/;

/**
 * What a loader or action threw, into the app's log rather than the console (React Router's default): a
 * refusal of the client's request as info, anything else as an error. Nothing for a request the client
 * gave up on.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const refused =
    (isRouteErrorResponse(error) && error.status < 500) ||
    (error instanceof Error && UNSERVED_METHOD.test(error.message));
  const where = { method: request.method, path: new URL(request.url).pathname };
  if (refused) logger().info({ ...where, err: error }, "request refused");
  else logger().error({ ...where, err: error }, "request error");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: statusCode,
            }),
          );
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          statusCode = 500;
          logger().error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
