/**
 * An admin's own users ranked by what each spent in the range, then by coupons generated
 * (GET /api/v1/dashboard/users), each linking to that user's page (002).
 */
import { useId } from 'react';
import { Alert, Card, CardContent, Link, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import type { InsightRange } from '@partner-panel/sdk';
import { useFormat } from '../../components/format';
import { usePaths } from '../../routing/usePaths';
import { rankingQuery } from './query';

/** Redeemed is the column a phone does without: the rest fits 390 px. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function Ranking({ range }: { range: InsightRange }) {
  const translate = useTranslate();
  const format = useFormat();
  const p = usePaths();
  const titleId = useId();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: rankingQuery(range),
    queryFn: () => dataProvider.read('subResellerRanking', { range }),
    placeholderData: (previous) => previous,
  });
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby={titleId} data-testid="ranking">
      <CardContent>
        <Typography variant="h6" component="h3" id={titleId}>
          {translate('pp.dashboard.ranking_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('pp.dashboard.ranking_help')}
        </Typography>
        {error ? <Alert severity="error">{error.message}</Alert> : null}
        {isPending ? <Skeleton variant="rectangular" height={120} /> : null}
        {data && data.rows.length === 0 ? <Typography>{translate('pp.dashboard.ranking_empty')}</Typography> : null}
        {data && data.rows.length > 0 ? (
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
              {data.rows.map((row, i) => (
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
        ) : null}
      </CardContent>
    </Card>
  );
}
