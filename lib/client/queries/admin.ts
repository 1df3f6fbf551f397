import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ADMIN_PAGE_SIZE } from "@/lib/services/admin/pagination";
import type { PromoFilters } from "@/lib/services/admin/promo-schemas";
import type { TicketFilters, UserFilters } from "@/lib/services/admin/schemas";
import { api, type RequestOptions } from "@/lib/client/api";
import type {
  AdminDashboardJson,
  AdminTicketsJson,
  AdminUserDetailJson,
  AdminUsersJson,
  IncomeJson,
  JobStartedJson,
  PromoCodeJson,
  PromoCodesJson,
} from "@/lib/responses/admin";
import type { TicketJson } from "@/lib/responses/support";

export type UserListParams = UserFilters & { page: number };
export type TicketListParams = TicketFilters & { page: number };
export type PromoListParams = PromoFilters & { page: number };

/**
 * Query keys of the admin area. Lists carry their filters and page in the key (each combination
 * is its own cache entry); `…Lists()` is the prefix a mutation invalidates, leaving details alone.
 */
export const adminKeys = {
  all: ["admin"] as const,
  dashboard: () => [...adminKeys.all, "dashboard"] as const,
  users: () => [...adminKeys.all, "users"] as const,
  userLists: () => [...adminKeys.users(), "list"] as const,
  userList: (params: UserListParams) => [...adminKeys.userLists(), params] as const,
  user: (id: string) => [...adminKeys.users(), "detail", id] as const,
  income: (page: number) => [...adminKeys.all, "income", page] as const,
  tickets: () => [...adminKeys.all, "tickets"] as const,
  ticketLists: () => [...adminKeys.tickets(), "list"] as const,
  ticketList: (params: TicketListParams) => [...adminKeys.ticketLists(), params] as const,
  ticket: (id: string) => [...adminKeys.tickets(), "detail", id] as const,
  promoCodes: () => [...adminKeys.all, "promo-codes"] as const,
  promoLists: () => [...adminKeys.promoCodes(), "list"] as const,
  promoList: (params: PromoListParams) => [...adminKeys.promoLists(), params] as const,
  promo: (id: string) => [...adminKeys.promoCodes(), "detail", id] as const,
};

/**
 * Admin calls: a 401 is shown as the admin screens' own message ('Authentication required /
 * failed. Please log in again.'), so it does not raise the app-wide "session gone" event.
 */
function adminApi<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return api<T>(path, { ...options, allow401: true });
}

/** `?a=1&b=x` without empty values. */
function queryString(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

const id = (value: string) => encodeURIComponent(value);

/**
 * Admin screens show what the database holds now: every mount or key change asks again (the
 * previous answer stays on screen meanwhile), and paged / filtered lists keep the previous page's
 * rows until the next page arrives, so the table does not flash.
 */
const FRESH = { staleTime: 0 } as const;
const LIST = { ...FRESH, placeholderData: keepPreviousData } as const;

export function useAdminDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => adminApi<AdminDashboardJson>("/api/admin/dashboard", { signal }),
    ...FRESH,
  });
}

export function useAdminUsers(params: UserListParams) {
  return useQuery({
    queryKey: adminKeys.userList(params),
    queryFn: ({ signal }) =>
      adminApi<AdminUsersJson>(`/api/admin/users${queryString({ ...params, limit: ADMIN_PAGE_SIZE })}`, { signal }),
    ...LIST,
  });
}

export function useAdminUser(userId: string | null) {
  return useQuery({
    queryKey: adminKeys.user(userId ?? ""),
    queryFn: ({ signal }) => adminApi<AdminUserDetailJson>(`/api/admin/users/${id(userId!)}`, { signal }),
    enabled: userId !== null,
    ...FRESH,
  });
}

export function useAdminIncome(page: number) {
  return useQuery({
    queryKey: adminKeys.income(page),
    queryFn: ({ signal }) =>
      adminApi<IncomeJson>(`/api/admin/income${queryString({ page, limit: ADMIN_PAGE_SIZE })}`, { signal }),
    ...LIST,
  });
}

export function useAdminTickets(params: TicketListParams) {
  return useQuery({
    queryKey: adminKeys.ticketList(params),
    queryFn: ({ signal }) =>
      adminApi<AdminTicketsJson>(`/api/admin/tickets${queryString({ ...params, limit: ADMIN_PAGE_SIZE })}`, { signal }),
    ...LIST,
  });
}

export function useAdminTicket(ticketId: string) {
  return useQuery({
    queryKey: adminKeys.ticket(ticketId),
    queryFn: ({ signal }) => adminApi<TicketJson>(`/api/admin/tickets/${id(ticketId)}`, { signal }),
    ...FRESH,
  });
}

export function useAdminPromoCodes(params: PromoListParams) {
  return useQuery({
    queryKey: adminKeys.promoList(params),
    queryFn: ({ signal }) =>
      adminApi<PromoCodesJson>(`/api/admin/promo-codes${queryString({ ...params, limit: ADMIN_PAGE_SIZE })}`, {
        signal,
      }),
    ...LIST,
  });
}

/**
 * One promo code's current details, read when its edit dialog opens (someone may have changed it
 * since the list loaded). Not kept once the dialog closes (`gcTime: 0`), so every opening reads anew.
 */
export function useAdminPromoCode(promoId: string | null) {
  return useQuery({
    queryKey: adminKeys.promo(promoId ?? ""),
    queryFn: ({ signal }) => adminApi<PromoCodeJson>(`/api/admin/promo-codes/${id(promoId!)}`, { signal }),
    enabled: promoId !== null,
    gcTime: 0,
    retry: false,
    ...FRESH,
  });
}

export interface CreatePromoBody {
  code: string;
  discountPercentage: number;
  maxUses: number;
  expiresAt: string;
  isInfluencerCode: boolean;
}

export type UpdatePromoBody = Omit<CreatePromoBody, "code" | "isInfluencerCode"> & { isActive: boolean };

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromoBody) => adminApi<PromoCodeJson>("/api/admin/promo-codes", { method: "POST", body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.promoLists() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    },
  });
}

export function useUpdatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ promoId, body }: { promoId: string; body: UpdatePromoBody }) =>
      adminApi<PromoCodeJson>(`/api/admin/promo-codes/${id(promoId)}`, { method: "PUT", body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.promoLists() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    },
  });
}

/** A status and an optional response in one save (the server e-mails the ticket's owner). */
export function useUpdateTicket(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: TicketJson["status"]; response?: string }) =>
      adminApi<TicketJson>(`/api/admin/tickets/${id(ticketId)}`, { method: "PUT", body }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(adminKeys.ticket(ticket._id), ticket);
      void queryClient.invalidateQueries({ queryKey: adminKeys.ticketLists() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    },
  });
}

/**
 * One e-mail per selected user, sent by a background job (follow it with `useJob(jobId)`);
 * nothing on the admin screens changes, so nothing to invalidate.
 */
export function useBulkEmail() {
  return useMutation({
    mutationFn: (body: { userIds: string[]; subject: string; message: string }) =>
      adminApi<JobStartedJson>("/api/admin/users/bulk-email", { body }),
  });
}
