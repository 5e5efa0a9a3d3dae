import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { forecast, setLowBalanceThreshold } from './forecast.js';
import { dashboardSeries, subResellerRanking } from './series.js';
import { dashboardCounts } from './service.js';

export function dashboardRoutes(app: FastifyInstance) {
  serve(app, contract.dashboard, async ({ reseller }) => answer(await dashboardCounts(app.ctx, reseller.id), successes.dashboard));
  serve(app, contract.dashboardSeries, async ({ reseller, query }) =>
    answer(await dashboardSeries(app.ctx, reseller.id, query.range ?? '7d'), successes.dashboardSeries),
  );
  serve(app, contract.subResellerRanking, async ({ reseller, query }) =>
    answer(await subResellerRanking(app.ctx, reseller.id, query.range ?? '7d'), successes.usersRanked),
  );
  serve(app, contract.dashboardForecast, async ({ reseller }) => answer(await forecast(app.ctx, reseller.id), successes.forecast));
  serve(app, contract.setLowBalanceThreshold, async ({ reseller, body }) =>
    answer(await setLowBalanceThreshold(app.ctx, reseller.id, body.threshold), body.threshold === null ? successes.lowBalanceOff : successes.lowBalanceSaved),
  );
}
