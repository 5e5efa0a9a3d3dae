/** The white-label enquiry's dialog (./WhiteLabelEnquiry opens it). */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { whiteLabelEnquiryBody } from '@partner-panel/sdk';
import { SchemaForm } from '../../../components/SchemaForm';
import type { Submission } from '../../../components/useSubmission';
import { SubmitButton } from '../../../components/SubmitButton';

export default function WhiteLabelEnquiryDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();

  async function send(values: Record<string, unknown>, once: Submission) {
    try {
      const { message } = await dataProvider.call('askWhiteLabel', {
        brand_name: String(values.brand_name ?? ''),
        expected_users: String(values.expected_users ?? ''),
        message: String(values.message ?? ''),
      }, undefined, once);
      notify(message, { type: 'success' });
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="white-label-title">
      <SchemaForm onSubmit={send} schema={whiteLabelEnquiryBody} defaultValues={{ brand_name: '', expected_users: '', message: '' }}>
        <DialogTitle id="white-label-title">{translate('pp.white_label.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('pp.white_label.intro')}
          </Typography>
          <TextInput source="brand_name" label="pp.white_label.brand_name" fullWidth autoFocus />
          <TextInput source="expected_users" label="pp.white_label.expected_users" fullWidth inputMode="numeric" />
          <TextInput source="message" label="pp.white_label.message" fullWidth multiline minRows={4} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('pp.white_label.cancel')}</Button>
          <SubmitButton label="pp.white_label.send" />
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}
