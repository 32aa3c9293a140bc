import { BlockStack, Card, InlineStack, Page, Text } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmModal } from "~/components/confirm-modal";
import { DailyChart } from "~/components/dashboard/daily-chart";
import { ClickTable } from "~/components/email-analytics/click-table";
import { EmailStatCards } from "~/components/email-templates/email-stat-cards";
import { NoStores } from "~/components/no-stores";
import { StorePicker } from "~/components/store-picker";
import { useToast } from "~/components/toast";
import { requireStoreScreen } from "~/http/guards/screens.server";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { emailAnalytics } from "~/services/email/analytics.server";
import type { Route } from "./+types/email-analytics";

export const meta: Route.MetaFunction = () => [{ title: "Email Analytics · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, store: selected } = await requireStoreScreen(request, params, "manage_email_settings");
  if (!selected) return { analytics: null };
  return { analytics: { store: selected, ...(await emailAnalytics(actor, selected.id)) } };
}

const TITLE = "Email Analytics";
const SUBTITLE = "Who clicked the links in your welcome emails";

type Analytics = NonNullable<Route.ComponentProps["loaderData"]["analytics"]>;
/** What the confirmation is about: one row, or the selected rows (with the callback that clears them). */
type PendingDelete = { kind: "one"; id: string } | { kind: "many"; ids: string[]; done: () => void };

function SendsAndClicksChart({ days }: { days: Analytics["days"] }) {
  const dates = useMemo(() => days.map((day) => day.date), [days]);
  const series = useMemo(
    () => [
      { label: "Emails sent", color: "#0071b9", values: days.map((day) => day.sent) },
      { label: "Clicks", color: "#00a47c", values: days.map((day) => day.clicks) },
    ],
    [days],
  );
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Emails sent and clicks per day, last 30 days
        </Text>
        <DailyChart dates={dates} series={series} ariaLabel="Welcome emails sent and link clicks per day" />
      </BlockStack>
    </Card>
  );
}

function AnalyticsScreen({ store, stats, clickData, days }: Analytics) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === "one") {
        await apiRequest("DELETE", `/api/email-analytics/${pending.id}`);
        toast({ title: "Success", message: "Analytics record deleted successfully", tone: "success" });
      } else {
        const { deletedCount } = await apiRequest<{ deletedCount: number }>(
          "DELETE",
          `/api/stores/${store.id}/email-analytics/bulk`,
          { ids: pending.ids },
        );
        pending.done();
        toast({
          title: "Success",
          message: `Successfully deleted ${deletedCount} analytics records`,
          tone: "success",
        });
      }
      await revalidator.revalidate();
    } catch (error) {
      const fallback =
        pending.kind === "one" ? "Failed to delete analytics record" : "Failed to delete analytics records";
      toast({ title: "Error", message: failureMessage(error, fallback), tone: "critical" });
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const count = pending?.kind === "many" ? pending.ids.length : 1;
  return (
    <Page
      title={TITLE}
      subtitle={SUBTITLE}
      backAction={{ content: "Email Templates", url: `/store/${store.id}/email-templates` }}
    >
      <BlockStack gap="400">
        <InlineStack align="start">
          <StorePicker section="email-analytics" storeId={store.id} />
        </InlineStack>
        <EmailStatCards stats={stats} />
        <SendsAndClicksChart days={days} />
        <ClickTable
          rows={clickData}
          onDelete={(id) => setPending({ kind: "one", id })}
          onDeleteSelected={(ids, done) => {
            if (ids.length > 0) setPending({ kind: "many", ids, done });
          }}
        />
      </BlockStack>
      <ConfirmModal
        open={pending !== null}
        title={count === 1 ? "Delete analytics record" : `Delete ${count} analytics records`}
        message={
          count === 1
            ? "Are you sure you want to delete this analytics record? This action cannot be undone."
            : `Are you sure you want to delete ${count} analytics records? This action cannot be undone.`
        }
        confirmLabel="Delete"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </Page>
  );
}

export default function EmailAnalytics({ loaderData }: Route.ComponentProps) {
  if (!loaderData.analytics) {
    return (
      <Page title={TITLE} subtitle={SUBTITLE}>
        <NoStores />
      </Page>
    );
  }
  return <AnalyticsScreen key={loaderData.analytics.store.id} {...loaderData.analytics} />;
}
