const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money is shown in US dollars (002 §9). */
export const formatUsd = (dollars: number) => usd.format(dollars);
