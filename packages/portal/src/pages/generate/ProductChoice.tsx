/**
 * Choosing what to buy (001 §2.1, §2.7): the product type (Recursive / Non-Recursive), the billing
 * cycle and the addon, with their prices. Changing the type reloads the cycles and selects the
 * first; the default cycle is biennially.
 */
import { useEffect, useState } from 'react';
import { FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { DEFAULT_CYCLE, type Cycle, type Products } from '@partner-panel/sdk';
import { cycleLabel, cyclesOf, money } from './useProducts';

export function useProductChoice(products: Products | undefined) {
  const [billingType, setBillingType] = useState<1 | 2>(1);
  const [cycle, setCycle] = useState<Cycle>(DEFAULT_CYCLE);
  const [addon, setAddon] = useState(0);
  const group = billingType === 1 ? products?.recurring : products?.onetime;
  const cycles = cyclesOf(group);
  // A cycle the products do not offer (an admin's user with other products) falls back to the first.
  useEffect(() => {
    if (cycles.length && !cycles.includes(cycle)) setCycle(cycles[0] as Cycle);
  }, [cycles, cycle]);
  const addonEntry = (id: number) => {
    const byCycle = (group?.addon as unknown as Record<string, Record<string, { id: number; price: number } | null> | undefined>)?.[cycle];
    return Object.values(byCycle ?? {}).find((a) => a?.id === id) ?? null;
  };
  return {
    billingType,
    cycle,
    addon,
    group,
    cycles,
    addonEntry,
    productId: group?.product[cycle]?.id ?? 0,
    unit: (group?.product[cycle]?.price ?? 0) + (addon ? addonEntry(addon)?.price ?? 0 : 0),
    setCycle,
    setAddon,
    /** Changing the type reloads the cycles and selects the first one (001 §2.1). */
    changeType(type: 1 | 2) {
      setBillingType(type);
      const first = cyclesOf(type === 1 ? products?.recurring : products?.onetime)[0];
      if (first) setCycle(first);
      setAddon(0);
    },
  };
}

export type ProductChoiceState = ReturnType<typeof useProductChoice>;

export function ProductChoiceFields({ choice, products, withAddon = true }: { choice: ProductChoiceState; products: Products | undefined; withAddon?: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <FormLabel id="type-label" sx={{ display: 'block', mt: 1 }}>
        {translate('pp.generate.product_type')}
      </FormLabel>
      <RadioGroup row aria-labelledby="type-label" value={choice.billingType} onChange={(e) => choice.changeType(Number(e.target.value) as 1 | 2)}>
        <FormControlLabel value={1} control={<Radio />} label={translate('pp.coupons.recursive')} />
        <FormControlLabel value={2} control={<Radio />} label={translate('pp.coupons.non_recursive')} />
      </RadioGroup>
      <TextField
        select
        name="billing_cycle"
        label={translate('pp.generate.billing_cycle')}
        value={choice.cycles.includes(choice.cycle) ? choice.cycle : ''}
        onChange={(e) => choice.setCycle(e.target.value as Cycle)}
      >
        {choice.cycles.map((c) => (
          <MenuItem key={c} value={c}>
            {`${cycleLabel(c)} — ${money(choice.group?.product[c]?.price ?? 0)}`}
          </MenuItem>
        ))}
      </TextField>
      {withAddon ? (
        <TextField select name="addon" label={translate('pp.generate.addon')} value={choice.addon} onChange={(e) => choice.setAddon(Number(e.target.value))}>
          <MenuItem value={0}>{translate('pp.generate.no_addon')}</MenuItem>
          {(products?.addon_type ?? []).map((a) => {
            const entry = choice.addonEntry(a.id);
            return (
              <MenuItem key={a.id} value={a.id} disabled={!entry}>
                {`${a.name} — ${entry ? `+${money(entry.price)}` : '-'}`}
              </MenuItem>
            );
          })}
        </TextField>
      ) : null}
    </>
  );
}
