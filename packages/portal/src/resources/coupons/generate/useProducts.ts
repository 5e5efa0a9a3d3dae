/**
 * The products and prices a screen shows: for buying (`products`, or an admin's user's), and for
 * the price tables (`products/pricing`, 001 §2.2, §7). A failure toasts the server's message or the
 * spec's fallback (001 §8).
 */
import { useCallback, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { CYCLE_NAMES, CYCLES, type Cycle, type Products } from '@partner-panel/sdk';

function useToastedQuery(key: unknown[], load: () => Promise<Products>) {
  const notify = useNotify();
  const query = useQuery({ queryKey: key, queryFn: load, staleTime: 60_000 });
  const message = query.error?.message;
  useEffect(() => {
    if (message) notify(message, { type: 'error' });
  }, [message, notify]);
  return query;
}

/** What the reseller (or an admin's user) can buy, at its prices. */
export function useProducts(userId?: number) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useToastedQuery(['products', userId ?? 'own'], () => (userId ? dataProvider.userProducts(userId) : dataProvider.products()));
}

/** The price tables: the reseller's own pricing call, or an admin's user's products. */
export function usePricing(userId?: number) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useToastedQuery(['pricing', userId ?? 'own'], () => (userId ? dataProvider.userProducts(userId) : dataProvider.productPricing()));
}

export type ProductGroup = Products['recurring'];

export const cyclesOf = (group: ProductGroup | undefined) => Object.keys(group?.product ?? {}) as Cycle[];

/** A cycle's name in the shown language (the catalogue's `pp.cycles`). */
export function useCycleLabel() {
  const translate = useTranslate();
  return useCallback((cycle: Cycle) => translate(`pp.cycles.${cycle}`), [translate]);
}

/** The cycle a plan's name is, as the server words it (000's English label), if it is one. */
export const cycleOfPlan = (plan: string) => CYCLE_NAMES.find((cycle) => CYCLES[cycle].label === plan);

/** The price of an addon (by id) for a cycle of a product group, or null when not sold. */
export function addonEntry(group: ProductGroup | undefined, cycle: Cycle, id: number) {
  const byCycle = (group?.addon as unknown as Record<string, Record<string, { id: number; price: number } | null> | undefined>)?.[cycle];
  return Object.values(byCycle ?? {}).find((a) => a?.id === id) ?? null;
}
