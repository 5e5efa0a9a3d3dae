/** The coupon filters (001 §2.3): code, date range, billing type; a toggle to show them and a clear. */
import { useState, type FormEvent } from 'react';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import FilterIcon from '@mui/icons-material/FilterList';
import { useListContext, useTranslate } from 'ra-core';

export function CouponFilters({ billingType, codeLabel = 'pp.coupons.filter_code' }: { billingType: boolean; codeLabel?: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [values, setValues] = useState({
    code: String(filterValues.code ?? ''),
    dateStart: String(filterValues.dateStart ?? ''),
    dateEnd: String(filterValues.dateEnd ?? ''),
    billingType: String(filterValues.billingType ?? ''),
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')), {});
  };
  const clear = () => {
    setValues({ code: '', dateStart: '', dateEnd: '', billingType: '' });
    setFilters({}, {});
  };
  const set = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
    size: 'small' as const,
    margin: 'none' as const,
  });
  return (
    <Box component="form" onSubmit={apply} data-testid="coupon-filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2 }}>
      <TextField {...set('code')} label={translate(codeLabel)} sx={{ width: { xs: '100%', sm: 220 } }} fullWidth={false} />
      <TextField {...set('dateStart')} type="date" label={translate('pp.coupons.filter_from')} slotProps={{ inputLabel: { shrink: true } }} sx={{ width: { xs: '100%', sm: 170 } }} fullWidth={false} />
      <TextField {...set('dateEnd')} type="date" label={translate('pp.coupons.filter_to')} slotProps={{ inputLabel: { shrink: true } }} sx={{ width: { xs: '100%', sm: 170 } }} fullWidth={false} />
      {billingType ? (
        <TextField
          {...set('billingType')}
          select
          label={translate('pp.coupons.billing_type')}
          sx={{ width: { xs: '100%', sm: 180 } }}
          fullWidth={false}
          // "All" is a choice of its own, so the empty value shows it rather than a bare label.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('pp.coupons.all')}</MenuItem>
          <MenuItem value="1">{translate('pp.coupons.recursive')}</MenuItem>
          <MenuItem value="2">{translate('pp.coupons.non_recursive')}</MenuItem>
        </TextField>
      ) : null}
      <Button type="submit" variant="contained">
        {translate('pp.coupons.apply')}
      </Button>
      <Button onClick={clear}>{translate('pp.coupons.clear')}</Button>
    </Box>
  );
}

/** The Filter button (001 §2.3): shows the filters; hiding them lifts what they applied, so no filter stays in force unseen. */
export function FilterToggle({ open, onToggle }: { open: boolean; onToggle: (open: boolean) => void }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const toggle = () => {
    if (open && Object.keys(filterValues).length > 0) setFilters({}, {});
    onToggle(!open);
  };
  return (
    <Button startIcon={<FilterIcon />} onClick={toggle} aria-pressed={open} variant={open ? 'contained' : 'outlined'}>
      {translate('pp.coupons.filter')}
    </Button>
  );
}
