/**
 * Page sizes and page numbers under a table (001 §9): a window of exactly `pages` page numbers
 * around the current page (coupons 5, VPN lists 4), with first, previous, next and last.
 */
import { Box, MenuItem, PaginationItem, TextField, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import { useFormat } from './format';

export function ListPagination({ sizes, pages = 5 }: { sizes: readonly number[]; pages?: number }) {
  const translate = useTranslate();
  const format = useFormat();
  const { page, perPage, total = 0, setPage, setPerPage, meta } = useListContext() as ReturnType<typeof useListContext> & { meta?: { capped?: boolean } };
  const count = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, px: 2, py: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <TextField
          select
          size="small"
          label={translate('pp.list.rows_per_page')}
          value={perPage}
          onChange={(e) => setPerPage(Number(e.target.value))}
          sx={{ width: 140, m: 0 }}
          fullWidth={false}
          margin="none"
          slotProps={{ htmlInput: { 'data-testid': 'rows-per-page' } }}
        >
          {sizes.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" data-testid="list-range">
          {translate(meta?.capped ? 'pp.list.range_capped' : 'pp.list.range', { from, to, total: format.number(total) })}
        </Typography>
      </Box>
      <PageNumbers page={Math.min(page, count)} count={count} pages={pages} onPage={setPage} />
    </Box>
  );
}

/** The page numbers shown: `pages` of them, the current one as central as the ends allow. */
export function pageWindow(page: number, count: number, pages: number): number[] {
  const size = Math.min(pages, count);
  const start = Math.max(1, Math.min(page - Math.floor((size - 1) / 2), count - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

function PageNumbers({ page, count, pages, onPage }: { page: number; count: number; pages: number; onPage: (page: number) => void }) {
  const translate = useTranslate();
  const edge = (type: 'first' | 'previous' | 'next' | 'last', target: number, disabled: boolean) => (
    <li>
      <PaginationItem type={type} shape="rounded" disabled={disabled} onClick={() => onPage(target)} aria-label={translate(`pp.list.${type}_page`)} />
    </li>
  );
  return (
    <Box component="nav" aria-label={translate('pp.list.pagination')}>
      <Box component="ul" sx={{ display: 'flex', alignItems: 'center', listStyle: 'none', m: 0, p: 0 }}>
        {edge('first', 1, page <= 1)}
        {edge('previous', page - 1, page <= 1)}
        {pageWindow(page, count, pages).map((n) => (
          <li key={n}>
            <PaginationItem
              page={n}
              shape="rounded"
              color="primary"
              selected={n === page}
              onClick={() => onPage(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={translate(n === page ? 'pp.list.current_page' : 'pp.list.go_to_page', { page: n })}
            />
          </li>
        ))}
        {edge('next', page + 1, page >= count)}
        {edge('last', count, page >= count)}
      </Box>
    </Box>
  );
}
