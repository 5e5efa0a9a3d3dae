/**
 * A list's filters (001 §2.3): react-admin filter inputs in react-admin's live filter form, behind
 * the spec's Filter toggle, beside Export CSV. Typing applies after a pause, Apply applies at once,
 * Clear empties them; hiding the panel lifts them, so no filter stays in force out of sight.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import FilterIcon from '@mui/icons-material/FilterList';
import { DateInput, SelectInput } from 'react-admin';
import { FilterLiveForm, ListContextProvider, useListContext, useTranslate } from 'ra-core';
import { isInvertedRange, messages } from '@partner-panel/sdk';
import { ExportCsvButton } from './ExportCsvButton';

export function FilterPanel({ children, testId }: { children: ReactNode; testId: string }) {
  const translate = useTranslate();
  const { setFilters } = useListContext();
  // Clear starts a new form, so what was typed just before cannot come back after it.
  const [generation, setGeneration] = useState(0);
  const clear = () => {
    setFilters({}, {});
    setGeneration((g) => g + 1);
  };
  return (
    <LiveFilters key={generation}>
      <Box data-testid={testId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2, '& .MuiFormControl-root': { m: 0, width: { xs: '100%', sm: 200 } } }}>
        {children}
        <Button type="submit" variant="contained">
          {translate('pp.list.apply')}
        </Button>
        <Button onClick={clear}>{translate('pp.list.clear')}</Button>
      </Box>
    </LiveFilters>
  );
}

/**
 * react-admin's live filter form, whose typing applies after a pause. Once this form is gone (the
 * panel hidden, or cleared) a pause still running must not bring its values back: its filters stop
 * reaching the list. A date range ending before it starts is refused beside its end, as the server
 * would refuse it, and never reaches the list: the filter in force and every control stay.
 */
export function LiveFilters({ children }: { children: ReactNode }) {
  const list = useListContext();
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const guarded = useMemo(
    () => ({ ...list, setFilters: (...args: Parameters<typeof list.setFilters>) => (alive.current ? list.setFilters(...args) : undefined) }),
    [list],
  );
  return (
    <ListContextProvider value={guarded}>
      <FilterLiveForm validate={refuseInvertedRange}>{children}</FilterLiveForm>
    </ListContextProvider>
  );
}

function refuseInvertedRange(values: Record<string, unknown>) {
  return isInvertedRange(values.dateStart, values.dateEnd) ? { dateEnd: messages.dateRangeInverted } : {};
}

export function FilterToggle({ open, onToggle }: { open: boolean; onToggle: (open: boolean) => void }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const toggle = () => {
    if (open && Object.keys(filterValues).length > 0) setFilters({}, {});
    onToggle(!open);
  };
  return (
    <Button startIcon={<FilterIcon />} onClick={toggle} aria-pressed={open} variant={open ? 'contained' : 'outlined'}>
      {translate('pp.list.filter')}
    </Button>
  );
}

/** The Filter toggle and Export CSV above a list, and the filters when shown. */
export function ToggledFilters({ meta, children }: { meta?: Record<string, unknown> | undefined; children: ReactNode }) {
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(Object.keys(filterValues).length > 0);
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 2, pb: 0, flexWrap: 'wrap' }}>
        <FilterToggle open={open} onToggle={setOpen} />
        <ExportCsvButton {...(meta ? { meta } : {})} />
      </Box>
      {open ? <FilterPanel testId="coupon-filters">{children}</FilterPanel> : null}
    </>
  );
}

/** The coupon filter's date range and billing type (001 §3), shared by the lists that filter so. */
export function couponFilterInputs(billingType: boolean) {
  return [
    <DateInput key="dateStart" source="dateStart" label="resources.coupons.fields.dateStart" helperText={false} />,
    <DateInput key="dateEnd" source="dateEnd" label="resources.coupons.fields.dateEnd" helperText={false} />,
    billingType ? (
      <SelectInput
        key="billingType"
        source="billingType"
        label="resources.coupons.fields.billingType"
        helperText={false}
        emptyText="pp.coupons.all"
        choices={[
          { id: '1', name: 'pp.coupons.recursive' },
          { id: '2', name: 'pp.coupons.non_recursive' },
        ]}
      />
    ) : null,
  ];
}
