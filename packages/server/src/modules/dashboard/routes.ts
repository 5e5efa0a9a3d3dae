import type { FastifyInstance } from 'fastify';
import { contract } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { dashboardCounts } from './service.js';

export function dashboardRoutes(app: FastifyInstance) {
  serve(app, contract.dashboard, async ({ reseller }) => answer(await dashboardCounts(app.ctx, reseller.id), 'Dashboard'));
}
