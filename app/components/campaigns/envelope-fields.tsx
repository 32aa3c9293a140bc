import { TextField } from "@shopify/polaris";
import type { EditableCampaign, StoreSender } from "~/lib/schemas/campaign-views";
import type { FieldErrors } from "./use-campaign-draft";

/** What the inbox shows of a campaign-like email before it is opened, and the code it gives. */
export type Envelope = Pick<EditableCampaign, "subject" | "preheader" | "fromName" | "discountCode">;

type Props<E extends Envelope> = {
  value: E;
  errors: FieldErrors;
  sender: StoreSender;
  edit: (patch: Partial<E>) => void;
  /** The code field's label ("Campaign discount code"). */
  codeLabel: string;
};

/** Subject, preheader, from name and discount code of a campaign, or of a flow's email step. */
export function EnvelopeFields<E extends Envelope>({ value, errors, sender, edit, codeLabel }: Props<E>) {
  const storeSender = sender.fromName || sender.fromEmail;
  const change = (patch: Partial<Envelope>) => edit(patch as Partial<E>);
  return (
    <>
      <TextField
        label="Subject"
        value={value.subject}
        onChange={(subject) => change({ subject })}
        error={errors.subject}
        helpText="[First Name], [DISCOUNT_CODE] and [OFFER] are filled in for each subscriber."
        autoComplete="off"
        maxLength={200}
      />
      <TextField
        label="Preheader"
        value={value.preheader}
        onChange={(preheader) => change({ preheader })}
        error={errors.preheader}
        helpText="The short line most inboxes show after the subject."
        autoComplete="off"
        maxLength={200}
      />
      <TextField
        label="From name"
        value={value.fromName}
        onChange={(fromName) => change({ fromName })}
        error={errors.fromName}
        placeholder={sender.fromName}
        helpText={
          storeSender
            ? `Leave empty to send as ${storeSender}, the name in the store's email settings.`
            : "Leave empty to use the name in the store's email settings."
        }
        autoComplete="off"
        maxLength={100}
      />
      <TextField
        label={codeLabel}
        value={value.discountCode}
        onChange={(discountCode) => change({ discountCode })}
        error={errors.discountCode}
        placeholder="Each subscriber's welcome code"
        helpText="Fills [DISCOUNT_CODE] and the discount code block. Leave empty to give each subscriber the code of their welcome email (their own, or the popup's)."
        autoComplete="off"
        maxLength={64}
      />
    </>
  );
}
