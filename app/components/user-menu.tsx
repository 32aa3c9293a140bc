import { Badge, InlineStack, Text, TopBar } from "@shopify/polaris";
import { useState } from "react";

type Props = { email: string; role: "admin" | "member"; loggingOut: boolean; onLogout: () => void };

/** Header user menu: email, role badge, 'Manage Members' for admins, 'Log out'. */
export function UserMenu({ email, role, loggingOut, onLogout }: Props) {
  const [open, setOpen] = useState(false);
  const isAdmin = role === "admin";
  const sections = [
    ...(isAdmin ? [{ items: [{ content: "Manage Members", url: "/admin/members" }] }] : []),
    {
      items: [
        { content: loggingOut ? "Logging out..." : "Log out", onAction: onLogout, disabled: loggingOut },
      ],
    },
  ];
  return (
    <TopBar.Menu
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      actions={sections}
      // The badge's tone ("Success") is decoration: the button is named by the email and the role, the words
      // it shows (the space between them keeps "email Admin" the visible label too, WCAG 2.5.3).
      accessibilityLabel={`${email} ${isAdmin ? "Admin" : "Member"}`}
      activatorContent={
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <span className="np-user-email">
            <Text as="span" variant="bodySm" tone="text-inverse">
              {email}
            </Text>
          </span>{" "}
          <span className="np-role-badge">
            <Badge tone={isAdmin ? "success" : undefined}>{isAdmin ? "Admin" : "Member"}</Badge>
          </span>
        </InlineStack>
      }
    />
  );
}
