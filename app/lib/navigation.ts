import type { Permission, Role } from "./permissions";
import { embeddedSectionPath, type StoreSection, sectionPath } from "./store-routing";

/** SPEC §2 sidebar with the SPEC §6 visibility rule of each item (and Campaigns, issue 18; Automations, issue 33). */
type NavItem = {
  label: string;
  target: { section: StoreSection } | { url: string };
  requires: Permission | "admin" | null;
};

export const sidebarItems: NavItem[] = [
  { label: "Dashboard", target: { section: "dashboard" }, requires: null },
  { label: "Store Management", target: { url: "/stores" }, requires: "manage_stores" },
  { label: "Popup Builder", target: { section: "popup-builder" }, requires: "manage_popups" },
  { label: "Subscribers", target: { section: "subscribers" }, requires: "view_subscribers" },
  { label: "Campaigns", target: { section: "campaigns" }, requires: "manage_campaigns" },
  { label: "Automations", target: { section: "flows" }, requires: "manage_campaigns" },
  { label: "Email Templates", target: { section: "email-templates" }, requires: "manage_email_settings" },
  { label: "Integration", target: { section: "integration" }, requires: "manage_integrations" },
  { label: "Settings", target: { section: "settings" }, requires: "manage_email_settings" },
  { label: "Member Management", target: { url: "/admin/members" }, requires: "admin" },
];

export type Viewer = { role: Role; permissions: Record<Permission, boolean> };

export function allows(viewer: Viewer, requirement: Permission | "admin" | null): boolean {
  if (requirement === null) return true;
  if (requirement === "admin") return viewer.role === "admin";
  return viewer.permissions[requirement];
}

/** The sidebar a viewer sees: permitted items, store-scoped when a store is selected. */
export function visibleSidebar(viewer: Viewer, storeId: string | undefined) {
  return sidebarItems
    .filter((item) => allows(viewer, item.requires))
    .map((item) => ({
      label: item.label,
      url: "section" in item.target ? sectionPath(item.target.section, storeId) : item.target.url,
    }));
}

/**
 * The app's nav menu inside the Shopify admin: the store sections of the sidebar (the shop's administrator
 * sees all of them); the standalone-only items (store management, members) have no place there.
 */
export function embeddedNavItems() {
  return sidebarItems.flatMap((item) =>
    "section" in item.target ? [{ label: item.label, url: embeddedSectionPath(item.target.section) }] : [],
  );
}
