import { Select } from "@shopify/polaris";
import { useNavigate } from "react-router";
import { useAppContext } from "./app-context";
import { useEmbedded } from "./embedded";

/**
 * A screen's own store selector: choosing a store opens the same section for it. Inside the Shopify admin
 * the app is the shop's one store, so there is nothing to choose.
 */
export function StorePicker({ section, storeId }: { section: string; storeId: string }) {
  const { stores } = useAppContext();
  const navigate = useNavigate();
  if (useEmbedded()) return null;
  return (
    <Select
      label="Store"
      labelInline
      options={stores.map((store) => ({ label: store.name, value: store.id }))}
      value={storeId}
      onChange={(id) => navigate(`/store/${id}/${section}`)}
    />
  );
}
