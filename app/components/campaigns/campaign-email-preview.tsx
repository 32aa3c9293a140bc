import { useMemo } from "react";
import { EmailPreview } from "~/components/email-templates/email-preview";
import { useEmailPreview } from "~/components/email-templates/use-email-preview";
import type { EditableCampaign } from "~/lib/schemas/campaign-views";
import { campaignsApi } from "./paths";

type Props = {
  storeId: string;
  email: Pick<EditableCampaign, "subject" | "preheader" | "discountCode" | "content">;
};

/** Desktop shows the email at the width of a mail app's reading pane; Mobile at a phone's. */
const DESKTOP_WIDTH = 600;

/**
 * The email as subscribers will see it (with a sample subscriber), saved or not, rendered by the server
 * again whenever what it shows changes, and not when only an unchanged copy of it arrives.
 */
export function CampaignEmailPreview({ storeId, email }: Props) {
  const json = JSON.stringify({
    subject: email.subject,
    preheader: email.preheader,
    discountCode: email.discountCode,
    content: email.content,
  });
  const body = useMemo(() => JSON.parse(json) as object, [json]);
  const { html, subject, loading } = useEmailPreview(`${campaignsApi(storeId)}/preview`, body);
  return (
    <EmailPreview
      html={html}
      subject={subject}
      loading={loading}
      desktopWidth={DESKTOP_WIDTH}
      placeholder="The preview appears here in a moment"
    />
  );
}
