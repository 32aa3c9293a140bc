import { describe, expect, it } from "vitest";
import { embeddedNavItems, visibleSidebar } from "~/lib/navigation";
import { effectivePermissions, type Permission } from "~/lib/permissions";

const labels = (items: { label: string }[]) => items.map((item) => item.label);
const member = (...granted: Permission[]) => ({
  role: "member" as const,
  permissions: effectivePermissions("member", Object.fromEntries(granted.map((name) => [name, true]))),
});

describe("visibleSidebar (SPEC §6)", () => {
  it("shows an admin every item, with store sections scoped to the selected store", () => {
    const items = visibleSidebar({ role: "admin", permissions: effectivePermissions("admin", {}) }, "s1");
    expect(items).toEqual([
      { label: "Dashboard", url: "/store/s1/dashboard" },
      { label: "Store Management", url: "/stores" },
      { label: "Popup Builder", url: "/store/s1/popup-builder" },
      { label: "Subscribers", url: "/store/s1/subscribers" },
      { label: "Campaigns", url: "/store/s1/campaigns" },
      { label: "Automations", url: "/store/s1/flows" },
      { label: "Email Templates", url: "/store/s1/email-templates" },
      { label: "Integration", url: "/store/s1/integration" },
      { label: "Settings", url: "/store/s1/settings" },
      { label: "Member Management", url: "/admin/members" },
    ]);
  });

  it("shows a member without permissions only the Dashboard, bare without a store", () => {
    expect(visibleSidebar(member(), undefined)).toEqual([{ label: "Dashboard", url: "/dashboard" }]);
  });

  it.each<[Permission, string[]]>([
    ["manage_stores", ["Dashboard", "Store Management"]],
    ["manage_popups", ["Dashboard", "Popup Builder"]],
    ["view_subscribers", ["Dashboard", "Subscribers"]],
    ["manage_email_settings", ["Dashboard", "Email Templates", "Settings"]],
    ["manage_integrations", ["Dashboard", "Integration"]],
    ["manage_subscribers", ["Dashboard"]],
    ["manage_campaigns", ["Dashboard", "Campaigns", "Automations"]],
    ["delete_data", ["Dashboard"]],
  ])("with only %s a member sees %j", (permission, expected) => {
    expect(labels(visibleSidebar(member(permission), "s1"))).toEqual(expected);
  });

  it("never shows Member Management to a member, even with every permission", () => {
    const all = member(
      "manage_stores",
      "manage_popups",
      "view_subscribers",
      "manage_subscribers",
      "manage_email_settings",
      "manage_integrations",
      "manage_campaigns",
      "delete_data",
    );
    expect(labels(visibleSidebar(all, "s1"))).not.toContain("Member Management");
    expect(visibleSidebar(all, "s1")).toHaveLength(9);
  });
});

describe("embeddedNavItems", () => {
  it("is the sidebar's store sections under /app, without store management or members", () => {
    expect(embeddedNavItems()).toEqual([
      { label: "Dashboard", url: "/app" },
      { label: "Popup Builder", url: "/app/popup-builder" },
      { label: "Subscribers", url: "/app/subscribers" },
      { label: "Campaigns", url: "/app/campaigns" },
      { label: "Automations", url: "/app/flows" },
      { label: "Email Templates", url: "/app/email-templates" },
      { label: "Integration", url: "/app/integration" },
      { label: "Settings", url: "/app/settings" },
    ]);
  });
});
