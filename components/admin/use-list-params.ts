"use client";

import { useState } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * The page and filters an admin list shows. Apply and Reset show page 1 of the given filters,
 * asking the server again even when nothing changed; the pager moves within the same filters.
 */
export function useListParams<F extends object>(empty: F, listKey: (params: F & { page: number }) => QueryKey) {
  const queryClient = useQueryClient();
  const [params, setParams] = useState<F & { page: number }>(() => ({ page: 1, ...empty }));

  function showFilters(filters: F) {
    const next = { page: 1, ...filters };
    setParams(next);
    void queryClient.invalidateQueries({ queryKey: listKey(next), exact: true });
  }

  return {
    params,
    showFilters,
    resetFilters: () => showFilters(empty),
    showPage: (page: number) => setParams((p) => ({ ...p, page })),
  };
}
