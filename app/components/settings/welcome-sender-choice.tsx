import { ChoiceList } from "@shopify/polaris";
import { useState } from "react";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import type { WelcomeEmailSender } from "~/lib/schemas/consent-sync";

type Props = {
  storeId: string;
  /** stores.welcomeEmailSender as loaded. */
  sender: WelcomeEmailSender;
};

const CHOICES = [
  {
    label: "Newsletter Popup sends its welcome email",
    value: "app",
    helpText:
      "With the subscriber's discount code. Subscribers added to Shopify with email marketing consent also start Shopify's automation for new subscribers: turn it off in Shopify (Marketing › Automations), or they get two welcome emails.",
  },
  {
    label: "Shopify's marketing automation welcomes them",
    value: "shopify",
    helpText:
      "While subscribers are added to Shopify customers, Newsletter Popup sends them no welcome email. Shopify's email does not carry their discount code: they see it in the popup.",
  },
] satisfies Array<{ label: string; value: WelcomeEmailSender; helpText: string }>;

/** Who welcomes a subscriber whose consent goes to Shopify: PUT /api/stores/:storeId/shopify/welcome-sender. */
export function WelcomeSenderChoice({ storeId, sender }: Props) {
  const toast = useToast();
  const [selected, setSelected] = useState<WelcomeEmailSender>(sender);
  const { pending, run } = useAction();

  async function choose([next]: string[]) {
    if (next !== "app" && next !== "shopify") return;
    const before = selected;
    setSelected(next);
    const saved = await run(async () => {
      const answer = await apiRequest<{ message: string }>(
        "PUT",
        `/api/stores/${encodeURIComponent(storeId)}/shopify/welcome-sender`,
        { sender: next },
      );
      toast({ title: "Success", message: answer.message, tone: "success" });
    }, "Failed to save settings");
    if (!saved) setSelected(before);
  }

  return (
    <ChoiceList
      title="Welcome email for subscribers added to Shopify"
      choices={CHOICES}
      selected={[selected]}
      onChange={choose}
      disabled={pending}
    />
  );
}
