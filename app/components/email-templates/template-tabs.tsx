import { BlockStack, Box, InlineGrid, List, Tabs, Text, TextField } from "@shopify/polaris";
import { type ReactNode, useState } from "react";
import { defaultEmailTemplate } from "~/lib/schemas/email-template";
import { ColorField } from "./color-field";
import type { EditProps, SocialNetwork } from "./types";

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

function DesignPanel({ form, errors, edit }: EditProps) {
  return (
    <BlockStack gap="300">
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
        <ColorField
          label="Primary colour"
          value={form.primaryColor}
          fallback={defaultEmailTemplate.primaryColor}
          error={errors.primaryColor}
          onChange={(primaryColor) => edit({ primaryColor })}
        />
        <ColorField
          label="Secondary colour"
          value={form.secondaryColor}
          fallback={defaultEmailTemplate.secondaryColor}
          error={errors.secondaryColor}
          onChange={(secondaryColor) => edit({ secondaryColor })}
        />
      </InlineGrid>
      <Text as="p" variant="bodySm" tone="subdued">
        The primary colour is the header and button background; the secondary colour frames the discount code.
      </Text>
      <TextField
        label="Header logo URL"
        type="url"
        value={form.headerLogo}
        onChange={(headerLogo) => edit({ headerLogo: headerLogo.trim() })}
        error={errors.headerLogo}
        placeholder="https://cdn.example.com/logo.png"
        helpText="An https:// image, shown above the header at 160 px wide. Leave empty for no logo."
        autoComplete="off"
      />
    </BlockStack>
  );
}

const socialFields: { network: SocialNetwork; label: string; placeholder: string }[] = [
  { network: "website", label: "Website", placeholder: "https://yourstore.com" },
  { network: "linkedin", label: "LinkedIn", placeholder: "https://linkedin.com/company/yourbrand" },
  { network: "twitter", label: "Twitter", placeholder: "https://twitter.com/yourbrand" },
  { network: "facebook", label: "Facebook", placeholder: "https://facebook.com/yourbrand" },
  { network: "instagram", label: "Instagram", placeholder: "https://instagram.com/yourbrand" },
];

function SocialPanel({ form, errors, edit }: EditProps) {
  return (
    <BlockStack gap="300">
      <Text as="p" variant="bodySm" tone="subdued">
        Links left empty are not shown. The Shop now button opens the website (or the store's URL).
      </Text>
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
        {socialFields.map(({ network, label, placeholder }) => (
          <TextField
            key={network}
            label={label}
            type="url"
            value={form.socialMediaLinks[network]}
            onChange={(value) =>
              edit({ socialMediaLinks: { ...form.socialMediaLinks, [network]: value.trim() } })
            }
            error={errors[`socialMediaLinks.${network}`]}
            placeholder={placeholder}
            autoComplete="off"
          />
        ))}
      </InlineGrid>
    </BlockStack>
  );
}

function AddressPanel({ form, errors, edit }: EditProps) {
  return (
    <TextField
      label="Company address"
      value={form.companyAddress}
      onChange={(companyAddress) => edit({ companyAddress })}
      error={errors.companyAddress}
      multiline={3}
      helpText="Shown in the footer; anti-spam laws in many countries ask for a postal address."
      autoComplete="street-address"
    />
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
    <Tabs tabs={markedTabs(props.errors)} selected={selected} onSelect={setSelected} fitted>
      <Box paddingBlockStart="400">{panels[tabs[selected]?.id ?? "content"]}</Box>
    </Tabs>
  );
}
