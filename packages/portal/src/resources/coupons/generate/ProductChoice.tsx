/**
 * Choosing what to buy (001 §2.1, §2.7), as inputs of a react-admin form: the product type
 * (Recursive / Non-Recursive), the billing cycle and the addon, with their prices. Changing the type
 * reloads the cycles and selects the first; the default cycle is biennially. The product id follows
 * the type and cycle.
 */
import { useEffect } from 'react';
import { Skeleton } from '@mui/material';
import { RadioButtonGroupInput, SelectInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Cycle, Products } from '@partner-panel/sdk';
import { useFormat } from '../../../components/format';
import { addonEntry, cyclesOf, useCycleLabel } from './useProducts';

export const productDefaults = { billing_type: 1, billing_cycle: 'biennially', product_id: 0 } as const;

/** The chosen type's group, cycle and unit price (product plus addon). */
export function useChoice(products: Products | undefined, addonField: string) {
  const [type, cycle, addon] = useWatch({ name: ['billing_type', 'billing_cycle', addonField] }) as [number, Cycle, number | '' | null];
  const group = Number(type) === 2 ? products?.onetime : products?.recurring;
  const unit = (group?.product[cycle]?.price ?? 0) + (addon ? (addonEntry(group, cycle, Number(addon))?.price ?? 0) : 0);
  return { group, cycle, unit };
}

/** Keeps product_id (and a cycle the products sell) in step with the chosen type and cycle. */
export function ProductSync({ products, addonField }: { products: Products | undefined; addonField: string }) {
  const { setValue } = useFormContext();
  const { group, cycle } = useChoice(products, addonField);
  const cycles = cyclesOf(group);
  useEffect(() => {
    // A cycle the products do not offer (a type change, an admin's user with other products) becomes the first.
    if (cycles.length && !cycles.includes(cycle)) setValue('billing_cycle', cycles[0]);
  }, [cycles, cycle, setValue]);
  const id = group?.product[cycle]?.id ?? 0;
  // Watched, not only set when the choice changes: a form reset (its record arriving after the form,
  // on a page opened by its address) puts product_id back to 0 under an unchanged choice.
  const current = useWatch({ name: 'product_id' }) as unknown;
  useEffect(() => {
    if (current !== id) setValue('product_id', id);
  }, [current, id, setValue]);
  return null;
}

export function ProductChoiceInputs({ products, addonField, withAddon = true }: { products: Products | undefined; addonField: string; withAddon?: boolean }) {
  const cycleLabel = useCycleLabel();
  const translate = useTranslate();
  const format = useFormat();
  const { setValue } = useFormContext();
  const { group, cycle } = useChoice(products, addonField);
  // Until the products arrive there is nothing to choose from.
  if (!products) return <Skeleton variant="rounded" height={188} sx={{ my: 2 }} />;
  return (
    <>
      <RadioButtonGroupInput
        source="billing_type"
        label="pp.generate.product_type"
        row
        helperText={false}
        choices={[
          { id: 1, name: 'pp.coupons.recursive' },
          { id: 2, name: 'pp.coupons.non_recursive' },
        ]}
        parse={Number}
        onChange={(event: { target: EventTarget }) => {
          // Changing the type reloads the cycles and selects the first one (001 §2.1).
          const next = Number((event.target as HTMLInputElement).value) === 2 ? products?.onetime : products?.recurring;
          const first = cyclesOf(next)[0];
          if (first) setValue('billing_cycle', first);
          setValue(addonField, 0);
        }}
      />
      <SelectInput
        source="billing_cycle"
        label="pp.generate.billing_cycle"
        fullWidth
        helperText={false}
        isRequired
        translateChoice={false}
        choices={cyclesOf(group).map((c) => ({ id: c, name: `${cycleLabel(c)} — ${format.money(group?.product[c]?.price ?? 0)}` }))}
      />
      {withAddon ? (
        <SelectInput
          source={addonField}
          label="pp.generate.addon"
          fullWidth
          helperText={false}
          emptyValue={0}
          emptyText={translate('pp.generate.no_addon')}
          translateChoice={false}
          choices={(products?.addon_type ?? []).map((a) => {
            const entry = addonEntry(group, cycle, a.id);
            return { id: a.id, name: `${a.name} — ${entry ? `+${format.money(entry.price)}` : '-'}`, disabled: !entry };
          })}
        />
      ) : null}
    </>
  );
}
