/**
 * Reply by e-mail (the enquiry's panel opens it): the contract's own form for `replyWhiteLabel`, a
 * subject and a message mailed to the reseller; the answer is the enquiry as it now stands.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract, type WhiteLabelEnquiryRow } from '@partner-panel/sdk';
import { SchemaForm } from '../../../components/SchemaForm';
import { SubmitButton } from '../../../components/SubmitButton';
import type { Submission } from '../../../components/useSubmission';

export default function ReplyDialog({ enquiry, onClose, onDone }: { enquiry: WhiteLabelEnquiryRow; onClose: () => void; onDone: (enquiry: WhiteLabelEnquiryRow) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();

  async function send(values: { enquiry_id: number; subject: string; body: string }, once: Submission) {
    try {
      const { body, message } = await dataProvider.call('replyWhiteLabel', values, undefined, once);
      notify(message, { type: 'success' });
      onDone(body);
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reply-title">
      <SchemaForm
        schema={contract.replyWhiteLabel.body}
        onSubmit={send}
        defaultValues={{ enquiry_id: enquiry.id, subject: translate('pp.pipeline.subject_default', { brand: enquiry.brand_name }), body: '' }}
      >
        <DialogTitle id="reply-title">{translate('pp.pipeline.reply_title', { email: enquiry.reseller_email })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('pp.pipeline.reply_intro')}
          </Typography>
          <TextInput source="subject" label="pp.pipeline.subject" fullWidth />
          <TextInput source="body" label="pp.pipeline.body" fullWidth multiline minRows={6} autoFocus />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('pp.pipeline.cancel')}</Button>
          <SubmitButton label="pp.pipeline.send" />
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}
