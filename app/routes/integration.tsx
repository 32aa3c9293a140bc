import { StoreSectionPage } from "~/components/store-section-page";
import { requireScreen } from "~/services/screens.server";
import type { Route } from "./+types/integration";

export const meta: Route.MetaFunction = () => [{ title: "Integration · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "manage_integrations");
  return null;
}

export default function Screen() {
  return <StoreSectionPage title="Integration" subtitle="Install the popup on your site" />;
}
