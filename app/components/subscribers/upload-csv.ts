import { APP_FETCH_HEADER, ApiError } from "~/lib/api-client";
import type { SubscriberImportSummary } from "~/lib/schemas/subscriber-import";

/** App Bridge's global inside the Shopify admin: it adds the session token to fetch, not to XMLHttpRequest. */
type AppBridgeGlobal = { shopify?: { idToken?: () => Promise<string> } };

/**
 * Sends a CSV file (or a ZIP of them) as the request body with XMLHttpRequest, whose upload events tell how much has gone
 * (fetch cannot). It calls as the app's API client does: cookies, the app's own header, JSON answers,
 * and the server's message on failure; inside the Shopify admin it adds the session token itself.
 */
export async function uploadSubscriberCsv(
  url: string,
  file: File,
  contentType: "text/csv" | "application/zip",
  onProgress: (sent: number, total: number) => void,
): Promise<SubscriberImportSummary> {
  const token = await (globalThis as AppBridgeGlobal).shopify?.idToken?.();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.withCredentials = true;
    request.setRequestHeader("Content-Type", contentType);
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader(APP_FETCH_HEADER.name, APP_FETCH_HEADER.value);
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      const body = readJson(request.responseText);
      if (request.status >= 200 && request.status < 300 && body) resolve(body as SubscriberImportSummary);
      else {
        const message = body && typeof body.message === "string" ? body.message : undefined;
        reject(new ApiError(request.status, `${request.status}: ${request.responseText}`, message));
      }
    };
    request.onerror = () => reject(new ApiError(0, "The file could not be sent", undefined));
    request.send(file);
  });
}

function readJson(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
