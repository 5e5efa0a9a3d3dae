/** The dashboard's counters, refetched whenever something changes them (a purchase, a refund, a realtime event). */
export const DASHBOARD_QUERY = ['dashboard'] as const;
