/**
 * Change a member: their role and, for Operations, the daily spending limit in dollars (empty: no
 * limit), on the contract's schema of `updateMember`. Their sessions end, so the change applies at
 * once (the server's sentence says so).
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'ra-core';
import { NumberInput, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract, type Role, type TeamMemberRow } from '@partner-panel/sdk';
import { SchemaForm } from '../../components/SchemaForm';
import { messageOf, serverFieldErrors } from '../../components/serverErrors';
import { SubmitButton } from '../../components/SubmitButton';
import type { Submission } from '../../components/useSubmission';
import { limited, roleChoices } from './roles';

const schema = contract.updateMember.body;

/** The limit's field, for the roles a limit applies to. */
function DailyLimit() {
  const role = useWatch({ name: 'role' }) as Role | undefined;
  if (!limited(role)) return null;
  return <NumberInput source="daily_limit" label="pp.team.daily_limit" helperText="pp.team.daily_limit_help" min={0} step={0.01} fullWidth />;
}

export function EditMemberDialog({ member, onClose }: { member: TeamMemberRow | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [alert, setAlert] = useState<string | null>(null);

  async function save(values: z.output<typeof schema>, once: Submission) {
    setAlert(null);
    // A limit is an Operations member's alone: another role sends none.
    const { daily_limit, ...rest } = values;
    const input = limited(values.role) ? { ...rest, daily_limit: daily_limit ?? null } : rest;
    try {
      const { message } = await dataProvider.updateMember(input, once);
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
    <Dialog open={member !== null} onClose={onClose} aria-labelledby="edit-member-title" fullWidth maxWidth="xs">
      {member ? (
        <SchemaForm schema={schema} defaultValues={{ person_id: member.person_id, role: member.role, daily_limit: member.daily_limit }} onSubmit={save}>
          <DialogTitle id="edit-member-title">{translate('pp.team.edit_title', { name: member.name })}</DialogTitle>
          <DialogContent>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate('pp.team.edit_help')}
            </Typography>
            {alert ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {alert}
              </Alert>
            ) : null}
            <SelectInput source="role" label="pp.team.role" choices={roleChoices} fullWidth />
            <DailyLimit />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('pp.team.cancel')}</Button>
            <SubmitButton label="pp.team.save" />
          </DialogActions>
        </SchemaForm>
      ) : null}
    </Dialog>
  );
}
