/**
 * The first catalogue: what resellers sell and the list prices they pay, in cents, written to an
 * empty database at start (modules/products/catalogue.ts). After that the catalogue is the
 * operator's, changed on its Catalogue page with a history (modules/operator); editing this file
 * changes nothing in a database that has one. A reseller's own prices (set by its admin parent)
 * override the list prices per type and cycle.
 */
import type { AddonKey, Cycle } from '@partner-panel/sdk';

export interface CatalogueProduct {
  id: number;
  billingType: 1 | 2;
  cycle: Cycle;
  priceCents: number;
}

export interface CatalogueAddon {
  id: number;
  key: AddonKey;
  name: string;
  /** Per month of the cycle it is bought with; null when it has no price (shown as a dash). */
  monthlyPriceCents: number | null;
}

export const PRODUCTS: CatalogueProduct[] = [
  // Recurring (billing_type 1): renewed from the wallet at the end of each cycle.
  { id: 101, billingType: 1, cycle: 'monthly', priceCents: 300 },
  { id: 102, billingType: 1, cycle: 'quarterly', priceCents: 800 },
  { id: 103, billingType: 1, cycle: 'semiannually', priceCents: 1_500 },
  { id: 104, billingType: 1, cycle: 'annually', priceCents: 2_700 },
  { id: 105, billingType: 1, cycle: 'biennially', priceCents: 4_500 },
  { id: 106, billingType: 1, cycle: 'triennially', priceCents: 6_000 },
  // Onetime (billing_type 2): paid once, never renewed. The lifetime plan comes first.
  { id: 207, billingType: 2, cycle: 'lifetime', priceCents: 9_900 },
  { id: 201, billingType: 2, cycle: 'monthly', priceCents: 350 },
  { id: 202, billingType: 2, cycle: 'quarterly', priceCents: 950 },
  { id: 203, billingType: 2, cycle: 'semiannually', priceCents: 1_750 },
  { id: 204, billingType: 2, cycle: 'annually', priceCents: 3_100 },
  { id: 205, billingType: 2, cycle: 'biennially', priceCents: 5_200 },
  { id: 206, billingType: 2, cycle: 'triennially', priceCents: 6_900 },
];

export const ADDONS: CatalogueAddon[] = [
  { id: 1, key: 'dedicated_ip', name: 'Dedicated + Portforwarding (Free)', monthlyPriceCents: 100 },
  { id: 2, key: 'port_forwarding', name: 'Port Forwarding', monthlyPriceCents: 25 },
  { id: 3, key: 'multi_login_20_sessions', name: 'Multi Login (20 Sessions)', monthlyPriceCents: 50 },
];

/**
 * Where a dedicated IP can be placed. A coupon carrying the dedicated IP addon asks its end customer
 * to pick one when it is redeemed (002 §4: `actionrequired` with these as `addons`). Ids are never
 * reused: an account keeps the name of the location it was given.
 */
export const DEDICATED_IP_LOCATIONS: { id: number; name: string }[] = [
  { id: 11, name: 'United States — New York' },
  { id: 12, name: 'United States — Los Angeles' },
  { id: 13, name: 'Canada — Toronto' },
  { id: 14, name: 'United Kingdom — London' },
  { id: 15, name: 'Germany — Frankfurt' },
  { id: 16, name: 'Netherlands — Amsterdam' },
  { id: 17, name: 'Singapore' },
  { id: 18, name: 'Australia — Sydney' },
];
