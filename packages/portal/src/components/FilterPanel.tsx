/**
 * A list's filters (001 §2.3): react-admin filter inputs in react-admin's live filter form, behind
 * the spec's Filter toggle. Typing applies after a pause, Apply applies at once, Clear empties them;
 * hiding the panel lifts them, so no filter stays in force out of sight.
 */
import type { ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import FilterIcon from '@mui/icons-material/FilterList';
import { FilterLiveForm, useListContext, useTranslate } from 'ra-core';

export function FilterPanel({ children, testId }: { children: ReactNode; testId: string }) {
  const translate = useTranslate();
  const { setFilters } = useListContext();
  return (
    <FilterLiveForm>
      <Box data-testid={testId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2, '& .MuiFormControl-root': { m: 0, width: { xs: '100%', sm: 200 } } }}>
        {children}
        <Button type="submit" variant="contained">
          {translate('pp.list.apply')}
        </Button>
        <Button onClick={() => setFilters({}, {})}>{translate('pp.list.clear')}</Button>
      </Box>
    </FilterLiveForm>
  );
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
