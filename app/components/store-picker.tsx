import { Select } from "@shopify/polaris";
import { useNavigate } from "react-router";
import { useAppContext } from "./app-context";

/** A screen's own store selector: choosing a store opens the same section for it. */
export function StorePicker({ section, storeId }: { section: string; storeId: string }) {
  const { stores } = useAppContext();
  const navigate = useNavigate();
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
