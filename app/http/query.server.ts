import type { z } from "zod";
import { invalidInput } from "~/server/domain-errors.server";

/**
 * Validates a GET request's query string: a failure is 422 with field messages, like a body.
 * An empty parameter (`?status=`) counts as absent, so its default applies.
 */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  for (const [key, value] of params) if (value !== "") values[key] = value;
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}
