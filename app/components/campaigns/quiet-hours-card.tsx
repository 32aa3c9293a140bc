import { BlockStack, Button, Checkbox, Form, InlineStack, Select } from "@shopify/polaris";
import { z } from "zod";
import { useToast } from "~/components/toast";
import { useForm } from "~/components/use-form";
import { apiRequest } from "~/lib/api-client";
import {
  type CampaignSettings,
  type QuietHoursInput,
  quietHoursSchema,
} from "~/lib/schemas/campaign-sending";
import { CampaignSettingsCard, campaignSettingsApi } from "./campaign-settings-card";

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  label: `${String(hour).padStart(2, "0")}:00`,
  value: String(hour),
}));

const TIME_ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];

/** The fields' values as the API's quiet hours, checked with the server's messages. */
const quietForm = z
  .object({
    enabled: z.boolean(),
    start: z.string().transform(Number),
    end: z.string().transform(Number),
    timeZone: z.string(),
  })
  .pipe(quietHoursSchema);

function QuietHoursForm({ storeId, saved }: { storeId: string; saved: QuietHoursInput }) {
  const toast = useToast();
  const { values, set, field, submit, submitting } = useForm({
    initial: { ...saved, start: String(saved.start), end: String(saved.end) },
    schema: quietForm,
    failure: { title: "Error", message: "Failed to save the quiet hours" },
    send: async (quietHours) => {
      await apiRequest<CampaignSettings>("PUT", campaignSettingsApi(storeId), { quietHours });
      toast({ title: "Success", message: "Quiet hours saved" });
    },
  });
  return (
    <Form noValidate onSubmit={submit}>
      <BlockStack gap="300">
        <Checkbox
          label="Hold automation emails during quiet hours"
          checked={values.enabled}
          onChange={set("enabled")}
        />
        <InlineStack gap="300" blockAlign="end">
          <Select label="From" options={HOURS} disabled={!values.enabled} {...field("start")} />
          <Select label="Until" options={HOURS} disabled={!values.enabled} {...field("end")} />
          <Select label="Time zone" options={TIME_ZONES} disabled={!values.enabled} {...field("timeZone")} />
        </InlineStack>
        <InlineStack>
          <Button submit loading={submitting} accessibilityLabel="Save quiet hours">
            Save
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}

/**
 * When the store's flow emails may not go out (docs/decisions/193): one due inside the quiet hours waits
 * until they end. Campaigns go when they are sent or scheduled.
 */
export function QuietHoursCard({ storeId }: { storeId: string }) {
  return (
    <CampaignSettingsCard
      storeId={storeId}
      title="Quiet hours"
      description="Automation emails due during these hours wait until they end, so nobody is emailed at night. The hours are read in the time zone you pick; they may run past midnight, like 21:00 until 08:00."
      loadError="Failed to load the quiet hours"
    >
      {(saved) => <QuietHoursForm storeId={storeId} saved={saved.quietHours} />}
    </CampaignSettingsCard>
  );
}
