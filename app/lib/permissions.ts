/** SPEC §3 permission names and labels (and manage_campaigns, issue 18), and the SPEC §6 rules, used by the server and the UI. */
export const permissionNames = [
  "manage_stores",
  "manage_popups",
  "view_subscribers",
  "manage_subscribers",
  "manage_email_settings",
  "manage_integrations",
  "manage_campaigns",
  "delete_data",
] as const;

export type Permission = (typeof permissionNames)[number];
export type PermissionMap = Partial<Record<Permission, boolean>>;
export type Role = "admin" | "member";

export const permissionLabels: Record<Permission, string> = {
  manage_stores: "Manage Stores",
  manage_popups: "Manage Popups",
  view_subscribers: "View Subscribers",
  manage_subscribers: "Manage Subscribers",
  manage_email_settings: "Manage Email Settings",
  manage_integrations: "Manage Integrations",
  manage_campaigns: "Manage Campaigns",
  delete_data: "Delete Stores/Data",
};

export const allPermissions: Record<Permission, boolean> = Object.fromEntries(
  permissionNames.map((name) => [name, true]),
) as Record<Permission, boolean>;

/**
 * What the staff of a shop linked to a store (Connect with Shopify) may do on that one store: everything a
 * store has, but not deleting it, which is the organization's decision (docs/decisions/029).
 */
export const storeLevelPermissions: Record<Permission, boolean> = { ...allPermissions, delete_data: false };

/** The effective permission map: an admin has every permission, a member only the ones granted. */
export function effectivePermissions(role: Role, granted: PermissionMap): Record<Permission, boolean> {
  return Object.fromEntries(
    permissionNames.map((name) => [name, role === "admin" || granted[name] === true]),
  ) as Record<Permission, boolean>;
}

export function can(user: { role: Role; permissions: PermissionMap }, permission: Permission): boolean {
  return user.role === "admin" || user.permissions[permission] === true;
}
