import { Page } from "@shopify/polaris";
import { NoStores } from "~/components/no-stores";
import { requireScreen } from "~/services/screens.server";
import type { Route } from "./+types/stores";

export const meta: Route.MetaFunction = () => [{ title: "Store Management · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "manage_stores");
  return null;
}

export default function Stores() {
  return (
    <Page
      title="Store Management"
      subtitle="Manage your connected Shopify stores"
      primaryAction={{ content: "Add New Store", url: "/onboarding" }}
    >
      <NoStores />
    </Page>
  );
}
