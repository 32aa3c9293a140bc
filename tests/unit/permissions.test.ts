import { describe, expect, it } from "vitest";
import {
  allPermissions,
  can,
  effectivePermissions,
  permissionLabels,
  permissionNames,
} from "~/lib/permissions";

describe("permissions", () => {
  it("names the eight permissions with their labels", () => {
    expect(permissionLabels).toEqual({
      manage_stores: "Manage Stores",
      manage_popups: "Manage Popups",
      view_subscribers: "View Subscribers",
      manage_subscribers: "Manage Subscribers",
      manage_email_settings: "Manage Email Settings",
      manage_integrations: "Manage Integrations",
      manage_campaigns: "Manage Campaigns",
      delete_data: "Delete Stores/Data",
    });
    expect(Object.keys(allPermissions)).toEqual([...permissionNames]);
    expect(Object.values(allPermissions).every(Boolean)).toBe(true);
  });

  it("gives an admin every permission whatever its stored map says", () => {
    expect(effectivePermissions("admin", { delete_data: false })).toEqual(allPermissions);
    expect(can({ role: "admin", permissions: {} }, "delete_data")).toBe(true);
  });

  it("gives a member exactly the permissions granted true", () => {
    const effective = effectivePermissions("member", { manage_popups: true, delete_data: false });
    expect(effective).toEqual({
      manage_stores: false,
      manage_popups: true,
      view_subscribers: false,
      manage_subscribers: false,
      manage_email_settings: false,
      manage_integrations: false,
      manage_campaigns: false,
      delete_data: false,
    });
    expect(can({ role: "member", permissions: { manage_popups: true } }, "manage_popups")).toBe(true);
    expect(can({ role: "member", permissions: { manage_popups: true } }, "delete_data")).toBe(false);
    expect(can({ role: "member", permissions: {} }, "view_subscribers")).toBe(false);
  });

  it("ignores truthy values that are not exactly true (a map from outside)", () => {
    const granted = { view_subscribers: "yes" } as unknown as Record<string, boolean>;
    expect(effectivePermissions("member", granted).view_subscribers).toBe(false);
    expect(can({ role: "member", permissions: granted }, "view_subscribers")).toBe(false);
  });
});
