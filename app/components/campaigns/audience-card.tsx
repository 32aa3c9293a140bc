import { BlockStack, Card, Checkbox, InlineGrid, Select, Text, TextField } from "@shopify/polaris";
import type { CampaignAudience } from "~/lib/schemas/campaigns";
import { subscribersText } from "./figures";
import type { FieldErrors } from "./use-campaign-draft";

type Props = {
  audience: CampaignAudience;
  errors: FieldErrors;
  /** How many subscribers the saved audience matches. */
  count: number;
  /** False while the audience on screen differs from the saved one (the count is the saved one's). */
  countIsCurrent: boolean;
  /** The member may search the subscribers (View Subscribers); otherwise the saved search stays as it is. */
  canSearch: boolean;
  onChange: (audience: CampaignAudience) => void;
};

const CODE_USED_OPTIONS = [
  { label: "Any", value: "any" },
  { label: "Used their code", value: "yes" },
  { label: "Not used yet", value: "no" },
];

const isCodeUsed = (value: string): value is CampaignAudience["codeUsed"] =>
  CODE_USED_OPTIONS.some((option) => option.value === value);

/**
 * Who receives the campaign, narrowed like the Subscribers list. Unsubscribed addresses and double
 * opt-ins never confirmed are left out whatever the filters say.
 */
export function AudienceCard({ audience, errors, count, countIsCurrent, canSearch, onChange }: Props) {
  const set = (patch: Partial<CampaignAudience>) => onChange({ ...audience, ...patch });
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Audience
          </Text>
          <Text as="p" variant="bodySm" tone="subdued">
            Active subscribers only: unsubscribed and unconfirmed addresses never receive campaigns.
          </Text>
        </BlockStack>
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
          <TextField
            label="Subscribed from"
            type="date"
            value={audience.from ?? ""}
            onChange={(from) => set({ from: from || null })}
            error={errors["audience.from"]}
            autoComplete="off"
          />
          <TextField
            label="Subscribed until"
            type="date"
            value={audience.to ?? ""}
            onChange={(to) => set({ to: to || null })}
            error={errors["audience.to"]}
            autoComplete="off"
          />
        </InlineGrid>
        <TextField
          label="Search"
          value={audience.search}
          onChange={(search) => set({ search })}
          error={errors["audience.search"]}
          disabled={!canSearch}
          helpText={canSearch ? undefined : "Searching subscribers needs the View Subscribers permission."}
          placeholder="Email or name contains…"
          autoComplete="off"
        />
        <Select
          label="Discount code"
          options={CODE_USED_OPTIONS}
          value={audience.codeUsed}
          onChange={(value) => isCodeUsed(value) && set({ codeUsed: value })}
        />
        <Checkbox
          label="Only subscribers who confirmed their address (double opt-in)"
          checked={audience.confirmedOnly}
          onChange={(confirmedOnly) => set({ confirmedOnly })}
        />
        <Text as="p" variant="headingSm" tone={countIsCurrent ? undefined : "subdued"}>
          <span data-testid="audience-count">
            {countIsCurrent
              ? `${subscribersText(count)} ${count === 1 ? "matches" : "match"}`
              : `Save to count again (${subscribersText(count)} as saved)`}
          </span>
        </Text>
      </BlockStack>
    </Card>
  );
}
