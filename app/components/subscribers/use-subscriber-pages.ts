import { useRef, useState } from "react";
import { apiRequest, type Received } from "~/lib/api-client";
import { filterParams, type SubscriberFilters, type SubscriberPage } from "~/lib/schemas/subscribers";

/** A page from the loader (dates as Date) or from the JSON API (ISO strings). */
type SubscriberPageData = Received<SubscriberPage>;

type Pages = {
  /** The loader's first page these rows grew from; a new one (filters changed, revalidation) starts over. */
  first: SubscriberPageData;
  rows: SubscriberPageData["subscribers"];
  nextCursor: string | null;
  total: number;
};

const startFrom = (first: SubscriberPageData): Pages => ({
  first,
  rows: first.subscribers,
  nextCursor: first.nextCursor,
  total: first.total,
});

/**
 * The rows shown: the loader's first page plus the pages "Load more" fetched with the keyset cursor.
 * The filters are those the first page was loaded with, so every page answers the same question.
 */
export function useSubscriberPages(storeId: string, filters: SubscriberFilters, first: SubscriberPageData) {
  const [pages, setPages] = useState<Pages>(() => startFrom(first));
  const [loadingMore, setLoadingMore] = useState(false);
  const latestFirst = useRef(first);
  latestFirst.current = first;

  let current = pages;
  if (pages.first !== first) {
    current = startFrom(first);
    setPages(current);
  }

  async function loadMore() {
    const cursor = current.nextCursor;
    if (!cursor || loadingMore) return;
    const startedFrom = current.first;
    setLoadingMore(true);
    try {
      const params = filterParams(filters);
      params.set("cursor", cursor);
      const next = await apiRequest<SubscriberPageData>(
        "GET",
        `/api/stores/${storeId}/subscribers?${params}`,
      );
      // The filters changed while this page loaded: it belongs to a list no longer shown.
      if (latestFirst.current !== startedFrom) return;
      setPages((previous) => {
        const seen = new Set(previous.rows.map((row) => row.id));
        return {
          ...previous,
          rows: [...previous.rows, ...next.subscribers.filter((row) => !seen.has(row.id))],
          nextCursor: next.nextCursor,
          total: next.total,
        };
      });
    } finally {
      setLoadingMore(false);
    }
  }

  function remove(id: string) {
    setPages((previous) => ({
      ...previous,
      rows: previous.rows.filter((row) => row.id !== id),
      total: Math.max(0, previous.total - 1),
    }));
  }

  return {
    rows: current.rows,
    nextCursor: current.nextCursor,
    total: current.total,
    loadingMore,
    loadMore,
    remove,
  };
}
