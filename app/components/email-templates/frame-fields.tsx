import { BlockStack, InlineGrid, Text, TextField } from "@shopify/polaris";
import { defaultEmailTemplate } from "~/lib/schemas/email-template";
import { ColorField } from "./color-field";
import type { FormErrors, SocialNetwork, TemplateForm } from "./types";

/**
 * The fields of an email's frame that the welcome template and campaigns share: colours, logo, social
 * links and the postal address.
 */
type FrameFields = Pick<
  TemplateForm,
  "primaryColor" | "secondaryColor" | "headerLogo" | "socialMediaLinks" | "companyAddress"
>;

/** `errors` keyed by the field's own path ("primaryColor", "socialMediaLinks.website"). */
type FrameEditProps = {
  form: FrameFields;
  errors: FormErrors;
  edit: (patch: Partial<FrameFields>) => void;
};

export function DesignPanel({ form, errors, edit }: FrameEditProps) {
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

/** `note`: what the links are for in this email (the welcome email's Shop now button opens the website). */
export function SocialPanel({
  form,
  errors,
  edit,
  note = "Links left empty are not shown. The Shop now button opens the website (or the store's URL).",
}: FrameEditProps & { note?: string }) {
  return (
    <BlockStack gap="300">
      <Text as="p" variant="bodySm" tone="subdued">
        {note}
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

export function AddressPanel({ form, errors, edit }: FrameEditProps) {
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
