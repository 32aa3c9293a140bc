import { StoreSectionPage } from "~/components/store-section-page";
import { requireScreen } from "~/services/screens.server";
import type { Route } from "./+types/email-analytics";

export const meta: Route.MetaFunction = () => [{ title: "Email Analytics · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "manage_email_settings");
  return null;
}

export default function Screen() {
  return <StoreSectionPage title="Email Analytics" subtitle="Who opened the links in your emails" />;
}
