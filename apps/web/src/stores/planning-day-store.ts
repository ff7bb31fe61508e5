import { create } from 'zustand';

/**
 * The day Plan mode plans for (issue 29): chosen on the day bar, used by every task row's box.
 * Null is today, whatever today is when the box is checked; the choice lasts for the visit.
 */
interface PlanningDayState {
  day: string | null;
  setDay: (day: string | null) => void;
}

export const usePlanningDayStore = create<PlanningDayState>((set) => ({
  day: null,
  setDay: (day) => set({ day }),
}));
