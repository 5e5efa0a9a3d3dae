/** Page sizes and page numbers under a table (001 §9: coupons 10/20/30 with a range of 5 pages). */
import { Box, MenuItem, Pagination, TextField, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';

export function ListPagination({ sizes, pages = 5 }: { sizes: readonly number[]; pages?: number }) {
  const translate = useTranslate();
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
          {translate(meta?.capped ? 'pp.list.range_capped' : 'pp.list.range', { from, to, total: total.toLocaleString('en-US') })}
        </Typography>
      </Box>
      <Pagination
        count={count}
        page={Math.min(page, count)}
        onChange={(_, p) => setPage(p)}
        // A range of five pages: the current one and two either side.
        siblingCount={Math.floor((pages - 1) / 2)}
        boundaryCount={1}
        color="primary"
        shape="rounded"
      />
    </Box>
  );
}
