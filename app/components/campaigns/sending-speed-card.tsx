import { Box, Button, Form, InlineStack, TextField } from "@shopify/polaris";
import { z } from "zod";
import { useToast } from "~/components/toast";
import { useForm } from "~/components/use-form";
import { apiRequest } from "~/lib/api-client";
import { type CampaignSettings, sendRateSchema } from "~/lib/schemas/campaign-sending";
import { CampaignSettingsCard, campaignSettingsApi } from "./campaign-settings-card";

/** The field's text as the API's number, checked with the server's messages. */
const speedForm = z.object({
  sendRate: z.string().trim().transform(Number).pipe(sendRateSchema),
});

function SpeedForm({ storeId, saved }: { storeId: string; saved: number }) {
  const toast = useToast();
  const { field, submit, submitting } = useForm({
    initial: { sendRate: String(saved) },
    schema: speedForm,
    failure: { title: "Error", message: "Failed to save the sending speed" },
    send: async (body) => {
      await apiRequest<CampaignSettings>("PUT", campaignSettingsApi(storeId), body);
      toast({ title: "Success", message: "Sending speed saved" });
    },
  });
  return (
    <Form noValidate onSubmit={submit}>
      <InlineStack gap="300" blockAlign="end" wrap={false}>
        <Box maxWidth="260px">
          <TextField
            label="Messages per second"
            type="number"
            min={1}
            max={1000}
            {...field("sendRate")}
            autoComplete="off"
          />
        </Box>
        <Button submit loading={submitting}>
          Save
        </Button>
      </InlineStack>
    </Form>
  );
}

/**
 * How fast the store's campaigns go out (docs/decisions/022): providers throttle or block senders beyond their
 * plan, so the merchant sets it; a campaign on its way picks a new speed up within a second.
 */
export function SendingSpeedCard({ storeId }: { storeId: string }) {
  return (
    <CampaignSettingsCard
      storeId={storeId}
      title="Sending speed"
      description="How many campaign emails a second go through this store's email server. Your email provider's plan sets the most it accepts; the default is 10."
      loadError="Failed to load the sending speed"
    >
      {(saved) => <SpeedForm storeId={storeId} saved={saved.sendRate} />}
    </CampaignSettingsCard>
  );
}
