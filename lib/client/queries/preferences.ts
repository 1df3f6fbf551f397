import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import {
  DEFAULT_GENERATOR_VIEW,
  type GeneratorView,
  type UpdatePreferencesInput,
} from "@/lib/services/preferences/schemas";
import type { PreferencesJson } from "@/lib/responses/preferences";

/** Query keys of the user's screen preferences. */
const preferencesKeys = {
  all: ["preferences"] as const,
};

const DEFAULTS: PreferencesJson = { generatorView: DEFAULT_GENERATOR_VIEW };

/** `GET /api/preferences` (initial data from the page when it has it); a failed read leaves the defaults. */
function usePreferences(initial?: PreferencesJson) {
  return useQuery({
    queryKey: preferencesKeys.all,
    queryFn: () => api<PreferencesJson>("/api/preferences"),
    initialData: initial,
    staleTime: 5 * 60_000,
  });
}

/** `PUT /api/preferences`: shown at once, put back when the server refuses. */
function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePreferencesInput) =>
      api<PreferencesJson>("/api/preferences", { method: "PUT", body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: preferencesKeys.all });
      const previous = queryClient.getQueryData<PreferencesJson>(preferencesKeys.all);
      queryClient.setQueryData<PreferencesJson>(preferencesKeys.all, { ...(previous ?? DEFAULTS), ...input });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(preferencesKeys.all, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(preferencesKeys.all, saved),
  });
}

/** The generator's table view, remembered per user on the server ("output_first" until chosen). */
export function useGeneratorView(initial?: PreferencesJson) {
  const preferences = usePreferences(initial);
  const save = useSavePreferences();
  const view: GeneratorView = preferences.data?.generatorView ?? DEFAULT_GENERATOR_VIEW;
  return {
    view,
    setView: (next: GeneratorView) => {
      if (next !== view) save.mutate({ generatorView: next });
    },
  };
}
