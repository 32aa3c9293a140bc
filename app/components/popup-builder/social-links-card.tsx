import { BlockStack, Button, Card, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useToast } from "~/components/toast";
import { useUnsavedChanges } from "~/components/unsaved-changes";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import { completeLinkUrl } from "~/lib/schemas/stores";
import { type SocialNetwork, socialNetworks } from "../../../popup/config";

const labels: Record<SocialNetwork, string> = {
  linkedin: "LinkedIn",
  twitter: "Twitter / X",
  youtube: "YouTube",
  instagram: "Instagram",
  facebook: "Facebook",
  reddit: "Reddit",
  quora: "Quora",
};
const URL_ERROR = "Enter a full URL starting with https://";

type Links = Record<SocialNetwork, string>;
type Props = { storeId: string; value: Links; onSaved: (links: Links) => void };

/** A link typed without https:// is completed, so only a value that names another scheme is refused. */
const isValidUrl = (value: string) => {
  const url = completeLinkUrl(value);
  return url === "" || /^https?:\/\/[^\s]+\.[^\s]+/.test(url);
};

/** SPEC §2/§7: social links are saved explicitly with PUT /api/stores/{id}; the popup shows them. */
export function SocialLinksCard({ storeId, value, onSaved }: Props) {
  const toast = useToast();
  const [links, setLinks] = useState(value);
  const { pending: saving, run } = useAction();
  const invalid = socialNetworks.some((network) => !isValidUrl(links[network].trim()));

  const save = () => {
    if (invalid) {
      toast({ title: "Social links not saved", message: URL_ERROR, tone: "critical" });
      return;
    }
    return run(async () => {
      const socialLinks = Object.fromEntries(
        socialNetworks.map((network) => [network, completeLinkUrl(links[network])]),
      ) as Links;
      setLinks(socialLinks);
      await apiRequest("PUT", `/api/stores/${storeId}`, { socialLinks });
      toast({ title: "Success", message: "Social media links updated successfully", tone: "success" });
      onSaved(socialLinks);
    }, "Failed to update social media links");
  };
  useUnsavedChanges(
    socialNetworks.some((network) => links[network].trim() !== value[network]),
    { save, discard: () => setLinks(value) },
  );

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Social links
        </Text>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
          {socialNetworks.map((network) => (
            <TextField
              key={network}
              label={labels[network]}
              type="url"
              value={links[network]}
              placeholder={`https://${network}.com/yourbrand`}
              error={isValidUrl(links[network].trim()) ? undefined : URL_ERROR}
              onChange={(next) => setLinks((current) => ({ ...current, [network]: next }))}
              onBlur={() =>
                setLinks((current) => ({ ...current, [network]: completeLinkUrl(current[network]) }))
              }
              autoComplete="off"
            />
          ))}
        </InlineGrid>
        <InlineStack align="end">
          <Button variant="primary" onClick={save} loading={saving} disabled={invalid}>
            Save social links
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
