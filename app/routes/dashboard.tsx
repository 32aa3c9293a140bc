import { BlockStack, Box, Card, InlineGrid, Page, Text } from "@shopify/polaris";
import { Suspense, useMemo } from "react";
import { Await, redirect, useLocation, useNavigation } from "react-router";
import { DailyChart } from "~/components/dashboard/daily-chart";
import { RevenueCard } from "~/components/dashboard/revenue-card";
import { SetupChecklistCard } from "~/components/dashboard/setup-checklist-card";
import { StatCard } from "~/components/dashboard/stat-card";
import { HeldEmailsBanner } from "~/components/held-emails-banner";
import { SkeletonCards } from "~/components/skeleton-cards";
import { requireStoreScreen } from "~/http/guards/screens.server";
import { formatNumber } from "~/lib/format";
import { can } from "~/lib/permissions";
import { type DashboardDay, describeNotSubscribed } from "~/lib/schemas/dashboard";
import { sectionPath } from "~/lib/store-routing";
import { heldEmails } from "~/services/email/held.server";
import { dashboardStats, subscribersPerDay } from "~/services/stores/dashboard.server";
import { setupChecklist } from "~/services/stores/setup-checklist.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, store } = await requireStoreScreen(request, params, null, { strict: true });
  // SPEC §2: / and /dashboard go to the selected store's dashboard. Inside the Shopify admin the actor is
  // limited to the shop's store: its dashboard is /app itself.
  if (store && !params.storeId && !actor.storeId) throw redirect(`/store/${store.id}/dashboard`);
  if (!store)
    return {
      stats: dashboardStats(actor),
      chart: null,
      storeId: null,
      storeName: null,
      held: null,
      checklist: null,
    };
  return {
    stats: dashboardStats(actor),
    chart: subscribersPerDay(actor, store.id),
    storeId: store.id,
    storeName: store.name,
    // Emails that did not go for want of SMTP settings are said at the top, not found by chance, to
    // those who can send them: the state of the store's email is theirs to see.
    held: can(actor, "manage_email_settings") ? await heldEmails(actor, store.id) : null,
    // The embedded home leads a shop from install to its first subscriber (docs/decisions/166).
    checklist: actor.via === "shopify" ? await setupChecklist(actor, store.id) : null,
  };
}

const statColumns = { xs: 1, sm: 2, md: 4 } as const;

type Stats = Awaited<ReturnType<typeof dashboardStats>>;

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/** The Total Subscribers card's caption: whom it counts, and the others named apart. */
function subscribersCaption(stats: Stats): string {
  const others = describeNotSubscribed(stats.notSubscribed);
  return `Reached by a campaign to all subscribers, imports included${others ? `. Not counted: ${others}` : ""}`;
}

function RecentActivity({ stats }: { stats: Stats }) {
  const others = describeNotSubscribed(stats.notSubscribed);
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Recent Activity
        </Text>
        {stats.totalSubscribers === 0 && !others ? (
          <BlockStack gap="100">
            <Text as="p">No recent activity</Text>
            <Text as="p" tone="subdued">
              Install the popup on your site (see Integration) to start collecting subscribers
            </Text>
          </BlockStack>
        ) : (
          <BlockStack gap="100">
            <Text as="p">{`${plural(stats.totalSubscribers, "active subscriber", "active subscribers")} across all stores`}</Text>
            {others ? <Text as="p">{`Not on the mailing list: ${others}`}</Text> : null}
            <Text as="p">{`${formatNumber(stats.couponsUsed)} discount codes have been used`}</Text>
            <Text as="p">
              {`${plural(stats.popupSubscribers, "subscriber", "subscribers")} through the popup in the last ${stats.recentDays} days`}
            </Text>
            {stats.importedSubscribers > 0 ? (
              <Text as="p">
                {`${plural(stats.importedSubscribers, "subscriber", "subscribers")} imported in the last ${stats.recentDays} days (not counted as conversions)`}
              </Text>
            ) : null}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

const POPUP_COLOR = "#0071b9";
const IMPORT_COLOR = "#b98900";

function SubscribersChart({ days, storeName }: { days: DashboardDay[]; storeName: string }) {
  const dates = useMemo(() => days.map((day) => day.date), [days]);
  const series = useMemo(() => {
    const fromPopup = {
      label: "From the popup",
      color: POPUP_COLOR,
      values: days.map((day) => day.fromPopup),
    };
    const imported = { label: "Imported", color: IMPORT_COLOR, values: days.map((day) => day.imported) };
    // An import is a line of its own, shown only when there was one.
    return imported.values.some((value) => value > 0) ? [fromPopup, imported] : [fromPopup];
  }, [days]);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">{`New subscribers per day, last 30 days — ${storeName}`}</Text>
        <DailyChart dates={dates} series={series} ariaLabel={`New subscribers per day for ${storeName}`} />
      </BlockStack>
    </Card>
  );
}

/** What the conversion rate divides, so that the figure can be checked. */
function conversionCaption(stats: Stats): string {
  if (stats.popupViews === 0) return `No popup views in the last ${stats.recentDays} days`;
  return `${plural(stats.popupSubscribers, "sign-up", "sign-ups")} through the popup ÷ ${plural(stats.popupViews, "popup view", "popup views")}, last ${stats.recentDays} days`;
}

/** The four SPEC cards' placeholders, and the chart's. */
function DashboardPlaceholders({ chart }: { chart: boolean }) {
  return (
    <div role="status" aria-label="Loading dashboard figures">
      <BlockStack gap="400">
        <SkeletonCards count={4} columns={statColumns} />
        {chart ? <SkeletonCards count={1} columns={{ xs: 1, md: 1 }} /> : null}
      </BlockStack>
    </div>
  );
}

/** True while the router loads another dashboard (a store switch): its figures are not the ones shown. */
function useLoadingOtherDashboard(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return (
    navigation.state === "loading" &&
    /\/dashboard$|^\/$|^\/app$/.test(navigation.location.pathname) &&
    navigation.location.pathname !== location.pathname
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, chart, storeId, storeName, held, checklist } = loaderData;
  const switching = useLoadingOtherDashboard();
  return (
    <Page title="Dashboard" subtitle="Overview of your newsletter management system">
      {switching ? (
        <DashboardPlaceholders chart={Boolean(chart)} />
      ) : (
        <BlockStack gap="400">
          {held && storeId ? (
            <HeldEmailsBanner
              key={storeId}
              storeId={storeId}
              held={held}
              settingsUrl={sectionPath("settings", storeId)}
              postalAddressUrl={sectionPath("email-templates", storeId)}
            />
          ) : null}
          {checklist && storeId ? <SetupChecklistCard checklist={checklist} storeId={storeId} /> : null}
          {/* Keyed by store: a newly shown store's figures show placeholders until they arrive. */}
          <Suspense key={`stats-${storeId ?? "all"}`} fallback={<DashboardPlaceholders chart={false} />}>
            <Await resolve={stats}>
              {(resolved) => (
                <BlockStack gap="400">
                  {/* Polaris cards meet the screen edges on phones; the text keeps their inner margin. */}
                  <Box paddingInline={{ xs: "400", sm: "0" }}>
                    <BlockStack gap="100">
                      <Text as="h2" variant="headingMd">
                        All stores
                      </Text>
                      <Text as="p" tone="subdued">
                        {storeName
                          ? `These figures add up every store of your organization; the chart below is ${storeName}'s.`
                          : "These figures add up every store of your organization."}
                      </Text>
                    </BlockStack>
                  </Box>
                  <InlineGrid columns={statColumns} gap="400">
                    <StatCard
                      label="Active Stores"
                      value={formatNumber(resolved.activeStores)}
                      caption={`Popup seen on the storefront in the last ${resolved.recentDays} days`}
                    />
                    <StatCard
                      label="Total Subscribers"
                      value={formatNumber(resolved.totalSubscribers)}
                      caption={subscribersCaption(resolved)}
                    />
                    <StatCard
                      label="Conversion Rate"
                      value={`${resolved.conversionRate}%`}
                      caption={conversionCaption(resolved)}
                    />
                    <StatCard
                      label="Coupons Used"
                      value={formatNumber(resolved.couponsUsed)}
                      caption="All time"
                    />
                  </InlineGrid>
                  <RevenueCard revenue={resolved.revenue} flowRevenue={resolved.flowRevenue} />
                  <RecentActivity stats={resolved} />
                </BlockStack>
              )}
            </Await>
          </Suspense>
          {chart && storeName ? (
            <Suspense
              key={`chart-${storeId}`}
              fallback={<SkeletonCards count={1} columns={{ xs: 1, md: 1 }} />}
            >
              <Await resolve={chart}>
                {(days) => <SubscribersChart days={days} storeName={storeName} />}
              </Await>
            </Suspense>
          ) : null}
        </BlockStack>
      )}
    </Page>
  );
}
