import { Combobox, Icon, Listbox } from "@shopify/polaris";
import { SearchIcon } from "@shopify/polaris-icons";
import { useMemo, useState } from "react";

type Props = {
  stores: { id: string; name: string }[];
  selectedStoreId: string | null;
  onSelect: (storeId: string) => void;
};

/** The sidebar's store picker: type to filter stores by name. */
export function StoreSelector({ stores, selectedStoreId, onSelect }: Props) {
  const selected = stores.find((store) => store.id === selectedStoreId);
  const [query, setQuery] = useState("");
  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? stores.filter((store) => store.name.toLowerCase().includes(needle)) : stores;
  }, [stores, query]);

  return (
    <Combobox
      activator={
        <Combobox.TextField
          label="Store"
          prefix={<Icon source={SearchIcon} />}
          value={query}
          onChange={setQuery}
          placeholder={selected ? selected.name : "No stores yet"}
          helpText="Type to filter stores by name"
          autoComplete="off"
        />
      }
    >
      {matches.length > 0 ? (
        <Listbox
          onSelect={(storeId: string) => {
            setQuery("");
            onSelect(storeId);
          }}
        >
          {matches.map((store) => (
            <Listbox.Option key={store.id} value={store.id} selected={store.id === selectedStoreId}>
              {store.name}
            </Listbox.Option>
          ))}
        </Listbox>
      ) : null}
    </Combobox>
  );
}
