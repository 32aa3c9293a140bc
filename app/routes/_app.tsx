import { Box, Button, Frame, Loading, Navigation, TopBar } from "@shopify/polaris";
import {
  ButtonIcon,
  CodeIcon,
  EmailIcon,
  HomeIcon,
  MegaphoneIcon,
  PersonIcon,
  PlusIcon,
  SettingsIcon,
  StoreIcon,
  TeamIcon,
} from "@shopify/polaris-icons";
import { useState } from "react";
import { data, Outlet, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { SessionCountdown } from "~/components/session-countdown";
import { StoreSelector } from "~/components/store-selector";
import { ToastOutlet } from "~/components/toast";
import { UnsavedChangesProvider } from "~/components/unsaved-changes";
import { useLogout } from "~/components/use-logout";
import { UserMenu } from "~/components/user-menu";
import { requireScreenActor } from "~/http/guards/request-actor.server";
import { allows, visibleSidebar } from "~/lib/navigation";
import {
  readCookie,
  rememberStore,
  SELECTED_STORE_COOKIE,
  selectedStoreCookie,
  selectStore,
  switchStorePath,
} from "~/lib/store-routing";
import { listStoreSummaries } from "~/services/stores/crud.server";
import type { Route } from "./+types/_app";

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireScreenActor(request);
  const stores = await listStoreSummaries(actor);
  // SPEC §2: a user with no stores sees only the onboarding screen.
  if (stores.length === 0) throw redirect("/onboarding");
  const remembered = readCookie(request.headers.get("Cookie"), SELECTED_STORE_COOKIE);
  // SPEC §2: /popup-builder?storeId={id} configures that store.
  const routeStoreId = params.storeId ?? new URL(request.url).searchParams.get("storeId") ?? undefined;
  const selected = selectStore(stores, routeStoreId, remembered);
  // The store a screen shows is the one to come back to (on /stores, bare URLs, the next sign-in), however
  // it was reached: the sidebar, a screen's own picker or a link.
  const remember = selected && selected.id !== remembered ? selectedStoreCookie(selected.id) : null;
  return data(
    {
      user: { email: actor.email, role: actor.role, permissions: actor.permissions },
      sessionExpiresAt: actor.sessionExpiresAt.toISOString(),
      stores,
      selectedStoreId: selected?.id ?? null,
    },
    remember ? { headers: { "Set-Cookie": remember } } : undefined,
  );
}

/** The session's expiry moves with every request, so the countdown reads it fresh on each navigation. */
export const shouldRevalidate = () => true;

const icons: Record<string, typeof HomeIcon> = {
  Dashboard: HomeIcon,
  "Store Management": StoreIcon,
  "Popup Builder": ButtonIcon,
  Subscribers: PersonIcon,
  Campaigns: MegaphoneIcon,
  "Email Templates": EmailIcon,
  Integration: CodeIcon,
  Settings: SettingsIcon,
  "Member Management": TeamIcon,
};

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { user, sessionExpiresAt, stores, selectedStoreId } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const { loggingOut, expire, logOut } = useLogout();

  const switchStore = (storeId: string) => {
    rememberStore(storeId);
    navigate(switchStorePath(location.pathname, storeId));
  };

  const storeId = selectedStoreId ?? undefined;
  // The header is a landmark of its own (banner): Polaris' top bar is a plain box.
  const topBar = (
    <header>
      <TopBar
        showNavigationToggle
        onNavigationToggle={() => setMobileNavOpen((open) => !open)}
        contextControl={
          <div className="np-header-title">
            <strong>Newsletter Popup</strong>
            <small>Newsletter Management Dashboard</small>
          </div>
        }
        secondaryMenu={
          <div className="np-header-actions">
            <SessionCountdown sessionExpiresAt={sessionExpiresAt} onExpired={expire} />
            {allows(user, "manage_stores") ? (
              <Button icon={PlusIcon} url="/onboarding">
                Add New Store
              </Button>
            ) : null}
          </div>
        }
        userMenu={<UserMenu email={user.email} role={user.role} loggingOut={loggingOut} onLogout={logOut} />}
      />
    </header>
  );

  const sidebar = (
    <Navigation location={location.pathname}>
      {/* Opening the drawer on a phone moves focus to its first focusable element: this heading, not the
          store filter, whose focus would pop up the keyboard. */}
      <h2 tabIndex={-1} className="np-nav-start">
        Menu
      </h2>
      <Box padding="300">
        <StoreSelector stores={stores} selectedStoreId={selectedStoreId} onSelect={switchStore} />
      </Box>
      <Navigation.Section
        items={visibleSidebar(user, storeId).map((item) => ({
          ...item,
          icon: icons[item.label],
          onClick: () => setMobileNavOpen(false),
        }))}
      />
      <Navigation.Section
        separator
        items={[
          ...(allows(user, "manage_stores")
            ? [{ label: "Add New Site", url: "/onboarding", icon: PlusIcon }]
            : []),
          ...(allows(user, "manage_email_settings")
            ? [{ label: "Setup", url: "/settings", icon: SettingsIcon }]
            : []),
        ]}
      />
    </Navigation>
  );

  return (
    <Frame
      topBar={topBar}
      navigation={sidebar}
      showMobileNavigation={mobileNavOpen}
      onNavigationDismiss={() => setMobileNavOpen(false)}
    >
      {navigation.state === "loading" ? <Loading /> : null}
      <UnsavedChangesProvider>
        <Outlet />
      </UnsavedChangesProvider>
      <ToastOutlet />
    </Frame>
  );
}
