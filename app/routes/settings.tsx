import { StoreSectionPage } from "~/components/store-section-page";
import { requireScreen } from "~/services/screens.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "manage_email_settings");
  return null;
}

export default function Screen() {
  return <StoreSectionPage title="Settings" subtitle="Email, store and notification settings" />;
}
