/** White-label calls (ours): a reseller's enquiry, and the operator's pipeline of them (issue 35). */
import type { FastifyInstance } from 'fastify';
import { contract, successes } from '@partner-panel/sdk';
import type { SessionReseller } from '../../context.js';
import { answer } from '../../http/envelope.js';
import { serve } from '../../http/route.js';
import { askWhiteLabel } from './service.js';
import { addNote, assignOwner, listPipeline, pipelineOwners, reply, setStatus } from './pipeline.js';

export function whiteLabelRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const who = (reseller: SessionReseller, ip: string) => ({ operatorId: reseller.id, personId: reseller.personId, personName: reseller.personName, ip });

  serve(app, contract.askWhiteLabel, async ({ body, reseller }) =>
    answer(await askWhiteLabel(ctx, reseller, body), successes.whiteLabelAsked),
  );

  serve(app, contract.whiteLabelEnquiries, async ({ body, query }) =>
    answer(
      await listPipeline(ctx, { search: body.search ?? '', status: body.status, owner: body.owner_person_id }, { page: query.page ?? 1, limit: query.page_limit ?? 10 }),
      successes.whiteLabelEnquiries,
    ),
  );

  serve(app, contract.whiteLabelOwners, async ({ reseller }) => answer(await pipelineOwners(ctx, reseller.id), successes.whiteLabelOwners));

  serve(app, contract.setWhiteLabelStatus, async ({ body, reseller, ip }) => {
    const enquiry = await setStatus(ctx, who(reseller, ip), { id: body.enquiry_id, status: body.status, seen: body.from });
    return answer(enquiry, successes.whiteLabelStatusChanged(enquiry.status));
  });

  serve(app, contract.assignWhiteLabelOwner, async ({ body, reseller, ip }) => {
    const { enquiry, owner } = await assignOwner(ctx, who(reseller, ip), { id: body.enquiry_id, ownerPersonId: body.owner_person_id });
    return answer(enquiry, owner ? successes.whiteLabelOwnerAssigned(owner.name) : successes.whiteLabelOwnerRemoved);
  });

  serve(app, contract.addWhiteLabelNote, async ({ body, reseller, ip }) =>
    answer(await addNote(ctx, who(reseller, ip), { id: body.enquiry_id, body: body.body }), successes.whiteLabelNoteAdded),
  );

  serve(app, contract.replyWhiteLabel, async ({ body, reseller, ip }) => {
    const sent = await reply(ctx, who(reseller, ip), { id: body.enquiry_id, subject: body.subject, body: body.body });
    return answer(sent.enquiry, successes.whiteLabelReplied(sent.to));
  });
}
