import { BlockStack, Form, Modal, TextField } from "@shopify/polaris";
import { useForm } from "~/components/use-form";
import { useScreenNavigate } from "~/components/use-screen-navigate";
import { apiRequest } from "~/lib/api-client";
import { newCampaignSchema } from "~/lib/schemas/campaigns";
import { campaignPath, campaignsApi } from "./paths";

type Props = { storeId: string; open: boolean; onClose: () => void };

const nameAndSubject = newCampaignSchema.pick({ name: true, subject: true });

/** Names a new draft and gives it a subject; the draft opens in the editor once created. */
export function CreateCampaignModal({ storeId, open, onClose }: Props) {
  const navigate = useScreenNavigate();
  const { field, submit, submitting, reset } = useForm({
    initial: { name: "", subject: "" },
    schema: nameAndSubject,
    failure: { title: "Error", message: "Failed to create the campaign" },
    navigates: true,
    send: async (body) => {
      const campaign = await apiRequest<{ id: string }>("POST", campaignsApi(storeId), body);
      await navigate(campaignPath(storeId, campaign.id));
    },
  });

  function close() {
    reset();
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Create campaign"
      primaryAction={{ content: "Create campaign", onAction: submit, loading: submitting }}
      secondaryActions={[{ content: "Cancel", onAction: close }]}
    >
      <Modal.Section>
        <Form onSubmit={submit}>
          <BlockStack gap="400">
            <TextField
              label="Campaign name"
              {...field("name")}
              autoComplete="off"
              maxLength={100}
              helpText="Only you and your team see this name."
            />
            <TextField
              label="Subject"
              {...field("subject")}
              autoComplete="off"
              maxLength={200}
              helpText="The subject line subscribers see in their inbox."
            />
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
