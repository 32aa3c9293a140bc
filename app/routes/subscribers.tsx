import { BlockStack, Card, EmptyState, InlineStack, Page } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { useLocation, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { useAppContext } from "~/components/app-context";
import { ConfirmModal } from "~/components/confirm-modal";
import { NoStores } from "~/components/no-stores";
import { StorePicker } from "~/components/store-picker";
import { ImportModal } from "~/components/subscribers/import-modal";
import { SubscriberDetailModal } from "~/components/subscribers/subscriber-detail-modal";
import { SubscriberFilters } from "~/components/subscribers/subscriber-filters";
import { SubscriberTable } from "~/components/subscribers/subscriber-table";
import { useCampaignFromFilters } from "~/components/subscribers/use-campaign-from-filters";
import { useSubscriberPages } from "~/components/subscribers/use-subscriber-pages";
import { useToast } from "~/components/toast";
import { useDownload } from "~/components/use-download";
import { requireStoreScreen } from "~/http/guards/screens.server";
import { apiRequest, failureMessage, type Received } from "~/lib/api-client";
import {
  DEFAULT_PAGE_SIZE,
  type SubscriberFilters as Filters,
  filterParams,
  hasActiveFilters,
  readFilters,
  type SubscriberListRow,
} from "~/lib/schemas/subscribers";
import { requireStore } from "~/services/stores/crud.server";
import { listSubscribers } from "~/services/subscribers/list.server";
import type { Route } from "./+types/subscribers";

export const meta: Route.MetaFunction = () => [{ title: "Subscribers · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, store: selected } = await requireStoreScreen(request, params, "view_subscribers");
  if (!selected) return { screen: null };
  // Filters live in the URL, so a reload or a shared link shows the same list.
  const filters = readFilters(new URL(request.url).searchParams);
  const [page, store] = await Promise.all([
    listSubscribers(actor, selected.id, { ...filters, limit: DEFAULT_PAGE_SIZE }),
    requireStore(actor, selected.id),
  ]);
  // Coupon usage is read from Shopify's orders: a typical website has none to sync.
  return { screen: { store: selected, shopify: store.integrationType === "shopify", filters, page } };
}

const TITLE = "Subscribers";
const SUBTITLE = "Everyone who signed up through your popup";

type Screen = NonNullable<Route.ComponentProps["loaderData"]["screen"]>;

/** The filters on screen: those of a navigation under way (so a select answers at once), else the URL's. */
function useShownFilters(): Filters {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === location.pathname ? navigation.location : undefined;
  return readFilters(pending ? new URLSearchParams(pending.search) : searchParams);
}

function SubscribersScreen({ store, shopify, filters: loadedFilters, page }: Screen) {
  const { user } = useAppContext();
  const download = useDownload();
  const canManage = user.permissions.manage_subscribers;
  const toast = useToast();
  const revalidator = useRevalidator();
  const [searchParams, setSearchParams] = useSearchParams();
  const shownFilters = useShownFilters();
  const list = useSubscriberPages(store.id, loadedFilters, page);
  const [viewing, setViewing] = useState<Received<SubscriberListRow> | null>(null);
  const [deleting, setDeleting] = useState<Received<SubscriberListRow> | null>(null);
  const [busy, setBusy] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [syncProgress, setSyncProgress] = useState<{ checked: number; total: number } | null>(null);
  const [importing, setImporting] = useState(false);
  const campaign = useCampaignFromFilters(store, loadedFilters);

  const applyFilters = useCallback(
    (next: Filters) => {
      const params = new URLSearchParams(searchParams);
      for (const key of ["dateRange", "status", "search"]) params.delete(key);
      for (const [key, value] of filterParams(next)) params.set(key, value);
      setSearchParams(params, { replace: true, preventScrollReset: true });
    },
    [searchParams, setSearchParams],
  );

  function clearFilters() {
    applyFilters({ dateRange: "all", status: "all", search: "" });
  }

  async function loadMore() {
    try {
      await list.loadMore();
    } catch (error) {
      toast({
        title: "Error",
        message: failureMessage(error, "Failed to load subscribers"),
        tone: "critical",
      });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await apiRequest("DELETE", `/api/stores/${store.id}/subscribers/${deleting.id}`);
      list.remove(deleting.id);
      // The last row shown is gone: reload to learn whether more match (or none are left at all).
      if (list.rows.length === 1) void revalidator.revalidate();
      toast({ title: "Success", message: "Subscriber deleted", tone: "success" });
    } catch (error) {
      toast({
        title: "Error",
        message: failureMessage(error, "Failed to delete subscriber"),
        tone: "critical",
      });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  async function syncCouponUsage() {
    setSyncing(true);
    const progressUrl = `/api/stores/${store.id}/sync-coupon-usage`;
    const poll = setInterval(() => {
      apiRequest<{ checked: number; total: number; running: boolean }>("GET", progressUrl)
        .then((progress) => setSyncProgress(progress.running && progress.total > 0 ? progress : null))
        .catch(() => setSyncProgress(null));
    }, 1_000);
    try {
      const { message } = await apiRequest<{ message: string; updatedCount: number }>(
        "POST",
        `/api/stores/${store.id}/sync-coupon-usage`,
      );
      toast({ title: "Success", message, tone: "success" });
      await revalidator.revalidate();
    } catch (error) {
      toast({
        title: "Sync Failed",
        message: failureMessage(error, "Failed to sync coupon usage from Shopify"),
        tone: "critical",
      });
    } finally {
      clearInterval(poll);
      setSyncProgress(null);
      setSyncing(false);
    }
  }

  const exportUrl = `/api/stores/${store.id}/subscribers/export.csv?${filterParams(loadedFilters)}`;
  // The screen needs View Subscribers, and so does the export (the same rows); the rest changes the list.
  const secondaryActions = [
    ...(canManage && shopify && page.hasUnusedCodes
      ? [
          {
            content: syncProgress
              ? `Syncing… ${syncProgress.checked}/${syncProgress.total}`
              : "Sync coupon usage",
            onAction: syncCouponUsage,
            loading: syncing && !syncProgress,
            disabled: syncing,
          },
        ]
      : []),
    // A download, not a page: the browser keeps this screen and saves the file.
    ...(page.hasSubscribers ? [{ content: "Export CSV", onAction: () => download(exportUrl) }] : []),
    ...(canManage ? [{ content: "Import CSV", onAction: () => setImporting(true) }] : []),
  ];

  return (
    <Page
      title={TITLE}
      subtitle={SUBTITLE}
      primaryAction={
        user.permissions.manage_campaigns && page.hasSubscribers
          ? { content: "Send campaign", onAction: campaign.start, loading: campaign.starting }
          : undefined
      }
      secondaryActions={secondaryActions}
    >
      <BlockStack gap="400">
        <InlineStack align="start">
          <StorePicker section="subscribers" storeId={store.id} />
        </InlineStack>
        {page.hasSubscribers ? (
          <>
            <SubscriberFilters filters={shownFilters} onChange={applyFilters} />
            {list.rows.length > 0 ? (
              <SubscriberTable
                rows={list.rows}
                total={list.total}
                totalIsCapped={page.totalIsCapped}
                hasMore={list.nextCursor !== null}
                loadingMore={list.loadingMore}
                canManage={canManage}
                onLoadMore={loadMore}
                onView={setViewing}
                onDelete={setDeleting}
              />
            ) : (
              <Card>
                <EmptyState
                  heading="No subscribers match these filters"
                  action={
                    hasActiveFilters(loadedFilters)
                      ? { content: "Clear filters", onAction: clearFilters }
                      : undefined
                  }
                  image=""
                >
                  <p>Try another search, date range or status.</p>
                </EmptyState>
              </Card>
            )}
          </>
        ) : (
          <Card>
            <EmptyState heading="No subscribers yet" image="">
              <p>Visitors who sign up through the popup on {store.name} will appear here.</p>
            </EmptyState>
          </Card>
        )}
      </BlockStack>
      <SubscriberDetailModal
        storeId={store.id}
        subscriber={viewing}
        canManage={canManage}
        onClose={() => setViewing(null)}
        onDelete={(row) => {
          setViewing(null);
          setDeleting(row);
        }}
      />
      <ImportModal
        storeId={store.id}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void revalidator.revalidate()}
      />
      <ConfirmModal
        open={deleting !== null}
        title="Delete subscriber"
        message={`Are you sure you want to delete ${deleting?.email ?? "this subscriber"}? This action cannot be undone.`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  if (!loaderData.screen) {
    return (
      <Page title={TITLE} subtitle={SUBTITLE}>
        <NoStores />
      </Page>
    );
  }
  return <SubscribersScreen key={loaderData.screen.store.id} {...loaderData.screen} />;
}
