import type { z } from "zod";
import { ApiError } from "./api-client";

/** The first message of each field, keyed by field name, for a Polaris TextField `error`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The first message of each field the server refused (a 422's `errors`), keyed by its path
 * ("smtpHost", "content.blocks.2.url"); none for a failure that names no field.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).flatMap(([path, messages]) =>
      messages[0] ? [[path, messages[0]]] : [],
    ),
  );
}
