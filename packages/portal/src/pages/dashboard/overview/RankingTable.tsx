/** The ranking's table (./Ranking): rank, user, spend, generated and redeemed, each user linking to its page. */
import { Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { SubResellerRow } from '@partner-panel/sdk';
import { useFormat } from '../../../components/format';
import { usePaths } from '../../../routing/usePaths';

/** Redeemed is the column a phone does without: the rest fits 390 px. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export default function RankingTable({ rows }: { rows: SubResellerRow[] }) {
  const translate = useTranslate();
  const format = useFormat();
  const p = usePaths();
  return (
    <Table size="small" data-testid="ranking-table">
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600, px: 1 }}>{translate('pp.dashboard.col_rank')}</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>{translate('pp.dashboard.col_user')}</TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            {translate('pp.dashboard.col_spend')}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            {translate('pp.dashboard.col_generated')}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600, ...wideOnly }}>
            {translate('pp.dashboard.col_redeemed')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={row.id} data-testid="ranking-row">
            <TableCell sx={{ px: 1 }}>{format.number(i + 1)}</TableCell>
            <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
              <Link component={RouterLink} to={p.userEdit(row.id)} sx={{ fontWeight: 600 }}>
                {row.name}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {row.email}
              </Typography>
            </TableCell>
            <TableCell align="right">{format.money(row.spend)}</TableCell>
            <TableCell align="right">{format.number(row.coupons_generated)}</TableCell>
            <TableCell align="right" sx={wideOnly}>
              {format.number(row.coupons_redeemed)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
