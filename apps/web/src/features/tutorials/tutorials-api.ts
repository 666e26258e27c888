import type { TourId, TourProgress, TourState } from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const TOUR_PROGRESS_KEY = ["tutorials", "progress"] as const;

/** GET /api/tutorials/progress: the tours the user has finished or dismissed. */
export function useTourProgress() {
  return useQuery({
    queryKey: TOUR_PROGRESS_KEY,
    queryFn: () => api<TourProgress>("/api/tutorials/progress"),
    staleTime: 5 * 60_000,
  });
}

/** How the user left `tour`, or null when they never took it (or the progress has not loaded). */
export function tourStateOf(progress: TourProgress | undefined, tour: TourId): TourState | null {
  return progress?.tours.find((entry) => entry.tour === tour)?.state ?? null;
}

/** PUT /api/tutorials/progress/:tour; the cached progress changes at once so an offer disappears without a wait. */
export function useSaveTourProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tour, state }: { tour: TourId; state: TourState }) =>
      api<unknown>(`/api/tutorials/progress/${tour}`, { method: "PUT", body: { state } }),
    onMutate: ({ tour, state }) => {
      queryClient.setQueryData<TourProgress>(TOUR_PROGRESS_KEY, (current) => ({
        tours: [...(current?.tours ?? []).filter((entry) => entry.tour !== tour), { tour, state, updatedAt: new Date().toISOString() }],
      }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOUR_PROGRESS_KEY }),
  });
}
