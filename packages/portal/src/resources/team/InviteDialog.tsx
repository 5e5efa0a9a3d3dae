/**
 * Invite people: several e-mail addresses at once, each with a role, on the contract's schema of
 * `inviteMembers` (all or none: one refused address refuses the call, and its sentence says which).
 * A field's sentence is the contract's, beneath it; the server's sentence for the whole form above.
 */
import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'ra-core';
import { SelectInput, TextInput } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract, MAX_INVITATIONS_AT_ONCE } from '@partner-panel/sdk';
import { SchemaForm } from '../../components/SchemaForm';
import { messageOf, serverFieldErrors } from '../../components/serverErrors';
import { SubmitButton } from '../../components/SubmitButton';
import type { Submission } from '../../components/useSubmission';
import { roleChoices } from './roles';

const schema = contract.inviteMembers.body;
const blank = { email: '', role: 'viewer' } as const;

function Rows() {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: 'invitations' });
  return (
    <>
      {fields.map((field, index) => (
        <Box key={field.id} data-testid="invite-row" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextInput source={`invitations.${index}.email`} label="pp.team.email" type="email" autoComplete="off" sx={{ flex: '2 1 220px', m: 0 }} />
          <SelectInput source={`invitations.${index}.role`} label="pp.team.role" choices={roleChoices} sx={{ flex: '1 1 160px', m: 0 }} />
          <IconButton
            aria-label={translate('pp.team.remove_row')}
            onClick={() => remove(index)}
            disabled={fields.length === 1}
            sx={{ mt: 1 }}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => append({ ...blank })} disabled={fields.length >= MAX_INVITATIONS_AT_ONCE} sx={{ mb: 1 }}>
        {translate('pp.team.add_row')}
      </Button>
    </>
  );
}

export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [alert, setAlert] = useState<string | null>(null);

  async function invite(values: z.output<typeof schema>, once: Submission) {
    setAlert(null);
    try {
      const { message } = await dataProvider.inviteMembers(values, once);
      notify(message, { type: 'success' });
      refresh();
      onClose();
      return undefined;
    } catch (error) {
      setAlert(messageOf(error, translate('pp.errors.update')));
      return serverFieldErrors(error);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="invite-title" fullWidth maxWidth="sm">
      <SchemaForm schema={schema} defaultValues={{ invitations: [{ ...blank }] }} onSubmit={invite}>
        <DialogTitle id="invite-title">{translate('pp.team.invite_title')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('pp.team.invite_help')}
          </Typography>
          {alert ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {alert}
            </Alert>
          ) : null}
          <Rows />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('pp.team.cancel')}</Button>
          <SubmitButton label="pp.team.send" />
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}
