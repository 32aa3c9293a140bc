import { Card, EmptyState, InlineGrid, Page } from "@shopify/polaris";
import { Suspense, useState } from "react";
import { Await, useRevalidator } from "react-router";
import { useAppContext } from "~/components/app-context";
import { ConfirmModal } from "~/components/confirm-modal";
import { SkeletonCards } from "~/components/skeleton-cards";
import { AddStoreModal } from "~/components/stores/add-store-modal";
import { StoreCard } from "~/components/stores/store-card";
import { useToast } from "~/components/toast";
import { requireScreen } from "~/http/guards/screens.server";
import { ApiError, apiRequest, failureMessage } from "~/lib/api-client";
import { listStores, listTakenShops } from "~/services/stores/crud.server";
import { isEmbeddedAppEnabled } from "~/shopify.server";
import type { Route } from "./+types/stores";

export const meta: Route.MetaFunction = () => [{ title: "Store Management · Newsletter Popup" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireScreen(request, "manage_stores");
  // The shops the organization has: Quick add refuses a second store for one before asking the server.
  return {
    stores: listStores(actor),
    takenShops: await listTakenShops(actor),
    shopifyAppAvailable: isEmbeddedAppEnabled(),
  };
}

const columns = { xs: 1, md: 2 };
const DELETE_DENIED = "You don't have permission to delete stores";

export default function Stores({ loaderData }: Route.ComponentProps) {
  const { user } = useAppContext();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const canRemove = user.permissions.delete_data;

  function askRemove(store: { id: string; name: string }) {
    if (!canRemove) {
      toast({ title: "Permission Denied", message: DELETE_DENIED, tone: "critical" });
      return;
    }
    setRemoving(store);
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await apiRequest("DELETE", `/api/stores/${removing.id}`);
      toast({ title: "Success", message: "Store deleted successfully", tone: "success" });
      await revalidator.revalidate();
    } catch (error) {
      const denied = error instanceof ApiError && error.status === 403;
      toast(
        denied
          ? { title: "Permission Denied", message: DELETE_DENIED, tone: "critical" }
          : { title: "Error", message: failureMessage(error, "Failed to delete store"), tone: "critical" },
      );
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  return (
    <Page
      title="Store Management"
      subtitle="Manage your sites and Shopify stores"
      primaryAction={{ content: "Add New Store", url: "/onboarding" }}
      secondaryActions={[{ content: "Quick add", onAction: () => setAdding(true) }]}
    >
      <Suspense fallback={<SkeletonCards count={3} columns={columns} />}>
        <Await resolve={loaderData.stores}>
          {(stores) =>
            stores.length === 0 ? (
              <Card>
                <EmptyState
                  heading="No stores configured"
                  action={{ content: "Add Your First Store", url: "/onboarding" }}
                  image=""
                >
                  <p>Add your first site or Shopify store to start collecting newsletter subscribers</p>
                </EmptyState>
              </Card>
            ) : (
              <InlineGrid columns={columns} gap="400">
                {stores.map((store) => (
                  <StoreCard
                    key={store.id}
                    store={store}
                    canRemove={canRemove}
                    onRemove={() => askRemove(store)}
                  />
                ))}
              </InlineGrid>
            )
          }
        </Await>
      </Suspense>
      <AddStoreModal
        open={adding}
        takenShops={loaderData.takenShops}
        shopifyAppAvailable={loaderData.shopifyAppAvailable}
        onClose={() => setAdding(false)}
        onCreated={() => {
          setAdding(false);
          void revalidator.revalidate();
        }}
      />
      <ConfirmModal
        open={removing !== null}
        title={removing ? `Delete ${removing.name}?` : "Delete store"}
        message="Are you sure you want to delete this store? This action cannot be undone."
        confirmLabel="Delete"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </Page>
  );
}
