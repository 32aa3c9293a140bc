import { Card, Icon, InlineGrid, Select, TextField } from "@shopify/polaris";
import { SearchIcon } from "@shopify/polaris-icons";
import { useEffect, useRef, useState } from "react";
import type { DateRange, SubscriberFilters as Filters, SubscriberStatus } from "~/lib/schemas/subscribers";

/** Typing pauses this long before the list reloads, so a word is one request, not one per letter. */
const SEARCH_DEBOUNCE_MS = 300;

const dateRangeOptions: { label: string; value: DateRange }[] = [
  { label: "Last 7 days", value: "7" },
  { label: "Last 30 days", value: "30" },
  { label: "Last 90 days", value: "90" },
  { label: "All time", value: "all" },
];

const statusOptions: { label: string; value: SubscriberStatus }[] = [
  { label: "All statuses", value: "all" },
  { label: "Active", value: "active" },
  { label: "Unsubscribed", value: "unsubscribed" },
];

const isDateRange = (value: string): value is DateRange => dateRangeOptions.some((o) => o.value === value);
const isStatus = (value: string): value is SubscriberStatus => statusOptions.some((o) => o.value === value);

const columns = { xs: 1, md: "2fr 1fr 1fr" };

type Props = { filters: Filters; onChange: (filters: Filters) => void };

/** SPEC §2 Subscribers filters: search (email or name), date range and status. */
export function SubscriberFilters({ filters, onChange }: Props) {
  const [text, setText] = useState(filters.search);
  // The search last sent to the URL: when the URL catches up with it, the box (typed further meanwhile) is kept.
  const sent = useRef<string | null>(null);
  const [known, setKnown] = useState(filters.search);
  if (filters.search !== known) {
    setKnown(filters.search);
    // Changed from outside (Clear filters, the back button): the box follows the URL.
    if (filters.search !== sent.current) setText(filters.search);
    sent.current = null;
  }

  function send(next: Filters) {
    sent.current = next.search;
    onChange(next);
  }

  useEffect(() => {
    const search = text.trim();
    if (search === filters.search) return;
    const timer = setTimeout(() => send({ ...filters, search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  return (
    <Card>
      <InlineGrid columns={columns} gap="300">
        <TextField
          label="Search"
          placeholder="Search by email or name"
          autoComplete="off"
          prefix={<Icon source={SearchIcon} />}
          value={text}
          onChange={setText}
          clearButton
          onClearButtonClick={() => setText("")}
          maxLength={200}
        />
        <Select
          label="Date range"
          options={dateRangeOptions}
          value={filters.dateRange}
          onChange={(value) => {
            if (isDateRange(value)) send({ ...filters, search: text.trim(), dateRange: value });
          }}
        />
        <Select
          label="Status"
          options={statusOptions}
          value={filters.status}
          onChange={(value) => {
            if (isStatus(value)) send({ ...filters, search: text.trim(), status: value });
          }}
        />
      </InlineGrid>
    </Card>
  );
}
