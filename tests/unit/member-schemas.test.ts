import { describe, expect, it } from "vitest";
import { inviteMemberSchema, updatePermissionsSchema } from "~/lib/schemas/members";

describe("member schemas", () => {
  it("refuses a permissions change that does not say what the permissions become", () => {
    for (const body of [
      {},
      { permissions: null },
      { permissions: "all" },
      { __proto__: { role: "admin" } },
    ]) {
      expect(updatePermissionsSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(updatePermissionsSchema.parse({ permissions: {} })).toEqual({ permissions: {} });
  });

  it("lets an invitation leave permissions out", () => {
    expect(inviteMemberSchema.parse({ email: "new@acme.example" })).toEqual({
      email: "new@acme.example",
      permissions: {},
    });
  });
});
