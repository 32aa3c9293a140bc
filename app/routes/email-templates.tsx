import { Banner, BlockStack, Card, InlineStack, Layout, Link, Page } from "@shopify/polaris";
import { useCallback, useMemo, useState } from "react";
import { EmailPreview } from "~/components/email-templates/email-preview";
import { EmailStatCards } from "~/components/email-templates/email-stat-cards";
import { TemplateTabs } from "~/components/email-templates/template-tabs";
import type { FormErrors, TemplateForm } from "~/components/email-templates/types";
import { useEmailPreview } from "~/components/email-templates/use-email-preview";
import { NoStores } from "~/components/no-stores";
import { StorePicker } from "~/components/store-picker";
import { useToast } from "~/components/toast";
import { useUnsavedChanges } from "~/components/unsaved-changes";
import { requireStoreScreen } from "~/http/guards/screens.server";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { serverFieldErrors } from "~/lib/form-errors";
import { updateEmailTemplateSchema } from "~/lib/schemas/email-template";
import { emailClickStats } from "~/services/email/analytics.server";
import { getEmailTemplate } from "~/services/email/template.server";
import type { Route } from "./+types/email-templates";

export const meta: Route.MetaFunction = () => [{ title: "Email Templates · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, store: selected } = await requireStoreScreen(request, params, "manage_email_settings");
  if (!selected) return { editor: null };
  const [template, stats] = await Promise.all([
    getEmailTemplate(actor, selected.id),
    emailClickStats(actor, selected.id),
  ]);
  const {
    id: _id,
    storeId: _storeId,
    isActive: _active,
    createdAt: _created,
    updatedAt: _updated,
    ...form
  } = template;
  return { editor: { store: selected, form: form satisfies TemplateForm, stats } };
}

const TITLE = "Email Templates";
const SUBTITLE = "The welcome email new subscribers receive";
/** SPEC §5: saving needs a selected store. */
const NO_STORE = { title: "Error", message: "No store selected", tone: "critical" } as const;

/** The first message of each field, keyed by its path ("socialMediaLinks.website"). */
function errorsOf(form: TemplateForm): FormErrors {
  const parsed = updateEmailTemplateSchema.safeParse(form);
  const errors: FormErrors = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

type EditorData = NonNullable<Route.ComponentProps["loaderData"]["editor"]>;

function Editor({ store, form: loaded, stats }: EditorData) {
  const toast = useToast();
  const [saved, setSaved] = useState<TemplateForm>(loaded);
  const [form, setForm] = useState<TemplateForm>(loaded);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const errors = useMemo(() => ({ ...serverErrors, ...errorsOf(form) }), [form, serverErrors]);
  const previewBody = useMemo(() => ({ ...form, storeId: store.id }), [form, store.id]);
  const { html, subject, loading, previewNow } = useEmailPreview("/api/email-template/preview", previewBody);
  const edit = useCallback((patch: Partial<TemplateForm>) => {
    setServerErrors({});
    setForm((current) => ({ ...current, ...patch }));
  }, []);

  async function save() {
    if (Object.keys(errors).length > 0) {
      toast({
        title: "Template not saved",
        message: "Correct the fields marked in red (the tabs show where)",
        tone: "critical",
      });
      return;
    }
    setSaving(true);
    try {
      await apiRequest("PUT", `/api/stores/${store.id}/email-template`, form);
      setSaved(form);
      toast({ title: "Success", message: "Email template updated successfully", tone: "success" });
    } catch (error) {
      setServerErrors(serverFieldErrors(error));
      toast({
        title: "Error",
        message: failureMessage(error, "Failed to update email template"),
        tone: "critical",
      });
    } finally {
      setSaving(false);
    }
  }

  useUnsavedChanges(dirty, {
    save,
    discard: () => {
      setServerErrors({});
      setForm(saved);
    },
  });

  /** The template as the preview shows it (saved or not), to the signed-in person, through the store's SMTP. */
  async function sendTest() {
    setTesting(true);
    try {
      const { message } = await apiRequest<{ message: string }>(
        "POST",
        `/api/stores/${store.id}/email-template/send-test`,
        form,
      );
      toast({ title: "Success", message, tone: "success" });
    } catch (error) {
      toast({
        title: "Error",
        message: failureMessage(error, "The test email could not be sent"),
        tone: "critical",
      });
    } finally {
      setTesting(false);
    }
  }

  return (
    <Page
      title={TITLE}
      subtitle={SUBTITLE}
      primaryAction={{ content: "Save Template", onAction: save, loading: saving }}
      secondaryActions={[
        { content: "Preview", onAction: () => void previewNow() },
        { content: "Send test email", onAction: () => void sendTest(), loading: testing },
      ]}
    >
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="300">
          <StorePicker section="email-templates" storeId={store.id} />
          <Link url={`/store/${store.id}/email-analytics`}>View detailed analytics</Link>
        </InlineStack>
        <EmailStatCards stats={stats} />
        {form.companyAddress.trim() === "" && (
          <Banner tone="warning" title="Add your postal address">
            <p>
              Anti-spam laws such as CAN-SPAM require a physical postal address in every marketing email.
              Welcome emails (they carry your offer) and campaigns wait until it is set. Add it on the Address
              tab.
            </p>
          </Banner>
        )}
        <Layout>
          <Layout.Section variant="oneHalf">
            <BlockStack gap="400">
              <Card>
                <TemplateTabs form={form} errors={errors} edit={edit} />
              </Card>
              <Banner tone="info" title="Placeholders">
                <p>
                  Write [First Name] for the subscriber's first name, [DISCOUNT_CODE] for the popup's discount
                  code, [OFFER] for what it gives (“15% off”, “free shipping”) and [OFFER_CONDITIONS] for its
                  minimum order and last day; they are filled in the subject, header, body and footer, so the
                  email always states the popup's offer. The conditions also show under the code.
                </p>
              </Banner>
            </BlockStack>
          </Layout.Section>
          <Layout.Section variant="oneHalf">
            <EmailPreview html={html} subject={subject} loading={loading} />
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}

export default function EmailTemplates({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  if (!loaderData.editor) {
    return (
      <Page
        title={TITLE}
        subtitle={SUBTITLE}
        primaryAction={{ content: "Save Template", onAction: () => toast(NO_STORE) }}
      >
        <NoStores />
      </Page>
    );
  }
  return <Editor key={loaderData.editor.store.id} {...loaderData.editor} />;
}
