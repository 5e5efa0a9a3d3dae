import { useQuery } from '@tanstack/react-query';
import { CYCLES, type Cycle, type Products } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';

/** The products and prices of the signed-in reseller, or of an admin's user. */
export function useProducts(userId?: number) {
  return useQuery({
    queryKey: ['products', userId ?? 'own'],
    queryFn: () => (userId ? dataProvider.userProducts(userId) : dataProvider.products()),
    staleTime: 60_000,
  });
}

export type ProductGroup = Products['recurring'];

export const cyclesOf = (group: ProductGroup | undefined) => Object.keys(group?.product ?? {}) as Cycle[];

export const cycleLabel = (cycle: Cycle) => CYCLES[cycle].label;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const money = (dollars: number) => usd.format(dollars);
