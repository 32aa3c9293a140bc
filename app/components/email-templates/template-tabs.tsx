import { BlockStack, Box, List, Tabs, Text, TextField } from "@shopify/polaris";
import { type ReactNode, useState } from "react";
import { AddressPanel, DesignPanel, SocialPanel } from "./frame-fields";
import type { EditProps } from "./types";

const tabs = [
  { id: "content", content: "Content", panelID: "template-content-panel" },
  { id: "design", content: "Design", panelID: "template-design-panel" },
  { id: "social", content: "Social", panelID: "template-social-panel" },
  { id: "address", content: "Address", panelID: "template-address-panel" },
  { id: "advanced", content: "Advanced", panelID: "template-advanced-panel" },
];

function ContentPanel({ form, errors, edit }: EditProps) {
  return (
    <BlockStack gap="300">
      <TextField
        label="Template name"
        value={form.templateName}
        onChange={(templateName) => edit({ templateName })}
        error={errors.templateName}
        autoComplete="off"
      />
      <TextField
        label="Subject"
        value={form.subject}
        onChange={(subject) => edit({ subject })}
        error={errors.subject}
        autoComplete="off"
      />
      <TextField
        label="Header text"
        value={form.headerText}
        onChange={(headerText) => edit({ headerText })}
        error={errors.headerText}
        autoComplete="off"
      />
      <TextField
        label="Body"
        value={form.bodyContent}
        onChange={(bodyContent) => edit({ bodyContent })}
        error={errors.bodyContent}
        multiline={8}
        helpText="A blank line starts a new paragraph. Links written as https://… become clickable."
        autoComplete="off"
      />
      <TextField
        label="Footer text"
        value={form.footerText}
        onChange={(footerText) => edit({ footerText })}
        error={errors.footerText}
        autoComplete="off"
      />
      <TextField
        label="Footer note"
        value={form.footerNote}
        onChange={(footerNote) => edit({ footerNote })}
        error={errors.footerNote}
        multiline={2}
        autoComplete="off"
      />
    </BlockStack>
  );
}

function AdvancedPanel() {
  return (
    <BlockStack gap="200">
      <Text as="p">Every welcome email is sent with:</Text>
      <List>
        <List.Item>High-priority headers, so it lands promptly in the inbox</List.Item>
        <List.Item>The first name taken from the email prefix when the subscriber gave no name</List.Item>
        <List.Item>
          Click tracking with UTM parameters (utm_source=newsletter, utm_medium=email,
          utm_campaign=welcome-discount)
        </List.Item>
        <List.Item>An unsubscribe link in the footer</List.Item>
        <List.Item>A mobile-responsive design</List.Item>
      </List>
    </BlockStack>
  );
}

/** Which tab holds a field (by the first part of its error path). */
const tabOfField: Record<string, string> = {
  templateName: "content",
  subject: "content",
  headerText: "content",
  bodyContent: "content",
  footerText: "content",
  footerNote: "content",
  primaryColor: "design",
  secondaryColor: "design",
  headerLogo: "design",
  socialMediaLinks: "social",
  companyAddress: "address",
};

/** The tabs, each holding a field in error marked with how many ("1 error"), so no error hides behind a tab. */
function markedTabs(errors: EditProps["errors"]) {
  const counts: Record<string, number> = {};
  for (const path of Object.keys(errors)) {
    const tab = tabOfField[path.split(".")[0] ?? ""] ?? "content";
    counts[tab] = (counts[tab] ?? 0) + 1;
  }
  return tabs.map((tab) => {
    const count = counts[tab.id] ?? 0;
    if (count === 0) return tab;
    const badge = `${count} ${count === 1 ? "error" : "errors"}`;
    return { ...tab, badge, accessibilityLabel: `${tab.content}, ${badge}` };
  });
}

/** SPEC §2 editor tabs: Content, Design, Social, Address, Advanced. */
export function TemplateTabs(props: EditProps) {
  const [selected, setSelected] = useState(0);
  const panels: Record<string, ReactNode> = {
    content: <ContentPanel {...props} />,
    design: <DesignPanel {...props} />,
    social: <SocialPanel {...props} />,
    address: <AddressPanel {...props} />,
    advanced: <AdvancedPanel />,
  };
  return (
    // np-template-tabs: five tabs and their error counts wrap onto a second line rather than run off the card.
    <div className="np-template-tabs">
      <Tabs tabs={markedTabs(props.errors)} selected={selected} onSelect={setSelected} fitted>
        <Box paddingBlockStart="400">{panels[tabs[selected]?.id ?? "content"]}</Box>
      </Tabs>
    </div>
  );
}
