/**
 * An admin's own users ranked by what each spent in the range, then by coupons generated
 * (GET /api/v1/dashboard/users), each linking to that user's page (002).
 */
import { lazy, Suspense, useId } from 'react';
import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import type { InsightRange } from '@partner-panel/sdk';
import { ReadError } from '../../../components/ReadError';
import { rankingQuery } from './query';

/** The table's code (MUI's Table) loads beside the ranking's figures, not with the dashboard's first screen. */
const RankingTable = lazy(() => import('./RankingTable'));

export function Ranking({ range }: { range: InsightRange }) {
  const translate = useTranslate();
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
        {error ? <ReadError error={error} /> : null}
        {isPending ? <Skeleton variant="rectangular" height={120} /> : null}
        {data && data.rows.length === 0 ? <Typography>{translate('pp.dashboard.ranking_empty')}</Typography> : null}
        {data && data.rows.length > 0 ? (
          <Suspense fallback={<Skeleton variant="rectangular" height={120} />}>
            <RankingTable rows={data.rows} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
