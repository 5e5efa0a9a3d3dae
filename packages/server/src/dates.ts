/** Date arithmetic the modules share, always in UTC. */

/**
 * Calendar months in UTC, kept within the target month: Jan 31 + 1 month is Feb 28 (29), not
 * Mar 3. (Libraries such as date-fns count in the server's local time zone.)
 */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}
