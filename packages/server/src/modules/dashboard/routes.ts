import type { FastifyInstance } from 'fastify';
import { contract } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { dashboardSeries, subResellerRanking } from './series.js';
import { dashboardCounts } from './service.js';

export function dashboardRoutes(app: FastifyInstance) {
  serve(app, contract.dashboard, async ({ reseller }) => answer(await dashboardCounts(app.ctx, reseller.id), 'Dashboard'));
  serve(app, contract.dashboardSeries, async ({ reseller, query }) =>
    answer(await dashboardSeries(app.ctx, reseller.id, query.range ?? '7d'), 'Dashboard over time'),
  );
  serve(app, contract.subResellerRanking, async ({ reseller, query }) =>
    answer(await subResellerRanking(app.ctx, reseller.id, query.range ?? '7d'), 'Users ranked'),
  );
}
