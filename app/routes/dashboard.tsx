import { redirect } from "react-router";
import { StoreSectionPage } from "~/components/store-section-page";
import { readCookie, SELECTED_STORE_COOKIE, selectStore } from "~/lib/store-routing";
import { requireScreen } from "~/services/screens.server";
import { listStoreSummaries } from "~/services/stores.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireScreen(request, null);
  if (!params.storeId) {
    // SPEC §2: / and /dashboard go to the selected store's dashboard.
    const remembered = readCookie(request.headers.get("Cookie"), SELECTED_STORE_COOKIE);
    const selected = selectStore(await listStoreSummaries(actor), undefined, remembered);
    if (selected) throw redirect(`/store/${selected.id}/dashboard`);
  }
  return null;
}

export default function Dashboard() {
  return <StoreSectionPage title="Dashboard" subtitle="Overview of your newsletter management system" />;
}
