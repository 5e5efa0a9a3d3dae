import type { InsightRange } from '@partner-panel/sdk';

/** The dashboard's counters, refetched whenever something changes them (a purchase, a refund, a realtime event). */
export const DASHBOARD_QUERY = ['dashboard'] as const;

/**
 * How long the counters count as fresh: the ones asked for at sign-in (admin/firstScreen) are not
 * asked for again as the page mounts a moment later. Whatever changes them invalidates the key,
 * which refetches at once all the same.
 */
export const COUNTERS_FRESH_MS = 5_000;

/*
 * The figures over time and the forecast live under the same key, so whatever refreshes the
 * counters (a purchase, a refund, a balance event) refreshes them too.
 */
export const seriesQuery = (range: InsightRange) => [...DASHBOARD_QUERY, 'series', range] as const;
export const rankingQuery = (range: InsightRange) => [...DASHBOARD_QUERY, 'ranking', range] as const;
export const FORECAST_QUERY = [...DASHBOARD_QUERY, 'forecast'] as const;
