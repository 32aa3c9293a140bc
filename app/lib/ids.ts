const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from URLs are checked before they reach a uuid column (which would otherwise fail with a 500). */
export function isUuid(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}
