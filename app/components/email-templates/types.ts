import type { TemplateContent } from "~/lib/schemas/email-template";

/** The editor's fields: the email_templates columns the merchant edits (SPEC §3). */
export type TemplateForm = TemplateContent;
export type SocialNetwork = keyof TemplateForm["socialMediaLinks"];

/** Field errors keyed by path ("subject", "socialMediaLinks.website"). */
export type FormErrors = Record<string, string>;

export type EditProps = {
  form: TemplateForm;
  errors: FormErrors;
  edit: (patch: Partial<TemplateForm>) => void;
};
