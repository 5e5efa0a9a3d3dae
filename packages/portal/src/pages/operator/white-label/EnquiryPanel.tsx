/**
 * One enquiry of the pipeline, in a panel beside the list: who asked and what, its status and owner
 * (each changed by its select, the status checked against the one shown), its timeline of notes and
 * replies, a note form, and Reply by e-mail. A role without `operator.manage` reads it only.
 */
import { lazy, Suspense, useState } from 'react';
import { Box, Button, Divider, Drawer, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { TextInput, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { WHITE_LABEL_STATUSES, contract, type WhiteLabelEnquiryRow, type WhiteLabelStatus } from '@partner-panel/sdk';
import { useFormat } from '../../../components/format';
import { SchemaForm, type FormControl } from '../../../components/SchemaForm';
import { SubmitButton } from '../../../components/SubmitButton';
import { useAnsweredAction } from '../../../components/useAnsweredAction';
import type { Submission } from '../../../components/useSubmission';

const ReplyDialog = lazy(() => import('./ReplyDialog'));

export interface Owner {
  id: number;
  name: string;
  email: string;
}

export function EnquiryPanel({
  enquiry,
  owners,
  onClose,
  onChanged,
}: {
  enquiry: WhiteLabelEnquiryRow;
  owners: Owner[];
  onClose: () => void;
  /** The enquiry as a change answered it (the list is read again too). */
  onChanged: (enquiry: WhiteLabelEnquiryRow) => void;
}) {
  const translate = useTranslate();
  const format = useFormat();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canAccess: mayChange } = useCanAccess({ resource: 'operator', action: 'setWhiteLabelStatus' });
  const { act, busy } = useAnsweredAction(() => undefined);
  const [replying, setReplying] = useState(false);
  const answered = (next: WhiteLabelEnquiryRow | null) => {
    if (next) onChanged(next);
  };

  const setStatus = async (status: WhiteLabelStatus) =>
    answered(await act(['status', enquiry.id, status], (once) => dataProvider.call('setWhiteLabelStatus', { enquiry_id: enquiry.id, status, from: enquiry.status }, undefined, once)));
  const setOwner = async (owner: number | null) =>
    answered(await act(['owner', enquiry.id, owner], (once) => dataProvider.call('assignWhiteLabelOwner', { enquiry_id: enquiry.id, owner_person_id: owner }, undefined, once)));
  async function addNote(values: { enquiry_id: number; body: string }, once: Submission, form: FormControl) {
    try {
      const { body, message } = await dataProvider.call('addWhiteLabelNote', values, undefined, once);
      notify(message, { type: 'success' });
      form.setValue('body', '');
      onChanged(body);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }

  const by = (person: WhiteLabelEnquiryRow['notes'][number]['person']) => person?.name ?? translate('pp.pipeline.someone');
  // An owner removed from the team since still shows as the owner.
  const ownerChoices = enquiry.owner && !owners.some((o) => o.id === enquiry.owner?.id) ? [...owners, enquiry.owner] : owners;

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'enquiry-title', 'aria-modal': true, sx: { width: { xs: '100%', sm: 560 } } } }}
    >
      <Box sx={{ p: 3 }} data-testid="enquiry-panel">
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
          <Typography id="enquiry-title" variant="h6" component="h2">
            {translate('pp.pipeline.title', { brand: enquiry.brand_name, reseller: enquiry.reseller_name })}
          </Typography>
          <IconButton onClick={onClose} aria-label={translate('pp.pipeline.close')}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {enquiry.reseller_email} · {translate('pp.pipeline.asked', { at: format.dateTime(enquiry.created_at), users: format.number(enquiry.expected_users) })}
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {translate('pp.pipeline.message')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{enquiry.message}</Typography>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
          <TextField
            select
            label={translate('pp.pipeline.status')}
            value={enquiry.status}
            disabled={!mayChange || busy}
            onChange={(event) => void setStatus(event.target.value as WhiteLabelStatus)}
            fullWidth
            slotProps={{ select: { SelectDisplayProps: { 'aria-label': translate('pp.pipeline.status') } } }}
          >
            {WHITE_LABEL_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(`pp.pipeline.statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={translate('pp.pipeline.owner')}
            value={enquiry.owner ? String(enquiry.owner.id) : 'none'}
            disabled={!mayChange || busy}
            onChange={(event) => void setOwner(event.target.value === 'none' ? null : Number(event.target.value))}
            fullWidth
            slotProps={{ select: { SelectDisplayProps: { 'aria-label': translate('pp.pipeline.owner') } } }}
          >
            <MenuItem value="none">{translate('pp.pipeline.nobody')}</MenuItem>
            {ownerChoices.map((o) => (
              <MenuItem key={o.id} value={String(o.id)}>
                {o.name} ({o.email})
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {mayChange ? (
          <Button variant="contained" sx={{ mt: 2 }} onClick={() => setReplying(true)} aria-haspopup="dialog">
            {translate('pp.pipeline.reply')}
          </Button>
        ) : null}

        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" component="h3">
          {translate('pp.pipeline.timeline')}
        </Typography>
        {enquiry.notes.length === 0 ? (
          <Typography color="text.secondary">{translate('pp.pipeline.no_notes')}</Typography>
        ) : (
          <List dense aria-label={translate('pp.pipeline.timeline')}>
            {enquiry.notes.map((n) => (
              <ListItem key={n.id} disableGutters data-testid="enquiry-note" sx={{ alignItems: 'flex-start' }}>
                <ListItemText
                  primary={
                    n.kind === 'reply'
                      ? translate('pp.pipeline.reply_by', { name: by(n.person), at: format.dateTime(n.created_at), subject: n.subject ?? '' })
                      : translate('pp.pipeline.note_by', { name: by(n.person), at: format.dateTime(n.created_at) })
                  }
                  secondary={n.body}
                  slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', color: 'text.primary' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        {mayChange ? (
          <SchemaForm schema={contract.addWhiteLabelNote.body} onSubmit={addNote} defaultValues={{ enquiry_id: enquiry.id, body: '' }}>
            <TextInput source="body" label="pp.pipeline.note" fullWidth multiline minRows={2} />
            <SubmitButton label="pp.pipeline.add_note" />
          </SchemaForm>
        ) : null}
      </Box>
      {replying ? (
        <Suspense fallback={null}>
          <ReplyDialog enquiry={enquiry} onClose={() => setReplying(false)} onDone={onChanged} />
        </Suspense>
      ) : null}
    </Drawer>
  );
}
