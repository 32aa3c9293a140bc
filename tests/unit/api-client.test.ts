import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, failureMessage } from "~/lib/api-client";
import { serverFieldErrors } from "~/lib/form-errors";

function answer(body: string, init: ResponseInit & { contentType?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.contentType) headers.set("Content-Type", init.contentType);
  const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    return new Response(body === "" ? null : body, {
      status: init.status ?? 200,
      statusText: init.statusText,
      headers,
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest (SPEC §7/§8)", () => {
  it("sends cookies and a JSON body, and parses a JSON answer", async () => {
    const fetchMock = answer(JSON.stringify({ email: "ann@example.com" }), {
      contentType: "application/json; charset=utf-8",
    });
    await expect(apiRequest("POST", "/api/auth/login", { email: "ann@example.com" })).resolves.toEqual({
      email: "ann@example.com",
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/login");
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(init?.body).toBe('{"email":"ann@example.com"}');
  });

  it("marks every call as the app's own, which a cross-site link or form cannot", async () => {
    const fetchMock = answer("{}", { contentType: "application/json" });
    await apiRequest("GET", "/api/stores/1/integration-script?regenerate=true");
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get("X-Requested-With")).toBe("newsletter-popup");
  });

  it("returns the text of a non-JSON answer", async () => {
    answer("console.log('popup')", { contentType: "text/javascript" });
    await expect(apiRequest("GET", "/api/stores/1/integration-script")).resolves.toBe("console.log('popup')");
  });

  it("raises 'status: body' on a non-OK answer, keeping the server message", async () => {
    const body = JSON.stringify({ message: "Invalid email or password" });
    answer(body, { status: 401, contentType: "application/json" });
    const error = await apiRequest("POST", "/api/auth/login", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`401: ${body}`);
    expect((error as ApiError).status).toBe(401);
    expect(failureMessage(error, "Login failed")).toBe("Invalid email or password");
    expect((error as ApiError).fieldErrors).toEqual({});
  });

  it("uses the status text when the body is empty, and the fallback message in the toast", async () => {
    answer("", { status: 500, statusText: "Internal Server Error" });
    const error = await apiRequest("GET", "/api/dashboard/stats").catch((caught: unknown) => caught);
    expect((error as ApiError).message).toBe("500: Internal Server Error");
    expect(failureMessage(error, "Failed to add store")).toBe("Failed to add store");
  });

  it("uses the fallback for errors that are not API errors", () => {
    expect(failureMessage(new TypeError("Failed to fetch"), "Login failed")).toBe("Login failed");
  });
});

describe("a refused form", () => {
  it("keeps the server's per-field messages for the form's fields", async () => {
    const message = "127.0.0.1 points to a private network address; use a public host";
    answer(JSON.stringify({ message, errors: { smtpHost: [message] } }), {
      status: 422,
      contentType: "application/json",
    });
    const error = await apiRequest("PUT", "/api/stores/1/email-settings", {}).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ smtpHost: [message] });
  });

  it("shows each refused field's first message beside it, and none for a failure that names no field", () => {
    const refused = new ApiError(422, "422: …", "Subject is required", {
      subject: ["Subject is required", "Subject is too short"],
      "content.blocks.2.url": ["Enter a valid URL"],
      empty: [],
    });
    expect(serverFieldErrors(refused)).toEqual({
      subject: "Subject is required",
      "content.blocks.2.url": "Enter a valid URL",
    });
    expect(serverFieldErrors(new ApiError(500, "500: boom", undefined))).toEqual({});
    expect(serverFieldErrors(new TypeError("Failed to fetch"))).toEqual({});
  });
});
