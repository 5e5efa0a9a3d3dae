/**
 * /{custom_url}/profile (000 §2): the name (editable), the e-mail (read-only), the change-password
 * modal, the status select (Inactive asks first: it stops every purchase), the reveal of Total
 * Amount Credited, the deactivated banner, two-factor sign-in, and the signed-in sessions and security events;
 * ours: the low-balance warning line, and the person's language and time zone.
 */
import { useState } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, DialogContentText, Divider, Grid, MenuItem, TextField, Typography } from '@mui/material';
import { TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { canAccess, type PortalDataProvider } from '@partner-panel/data-provider';
import { ACCOUNT_STATUS, messages, requiredText } from '@partner-panel/sdk';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeactivatedBanner } from '../../components/DeactivatedBanner';
import { useFormat } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { SchemaForm } from '../../components/SchemaForm';
import { SubmitButton } from '../../components/SubmitButton';
import { usePaths } from '../../routing/usePaths';
import { useSessionUser } from '../../routing/useSessionUser';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { LowBalanceCard } from './LowBalanceCard';
import { PreferencesCard } from './PreferencesCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** The two rules the server applies to a profile field (000 §5), and the name's own. */
const nameSchema = (current: string) =>
  z.object({
    name: requiredText(messages.fieldEmpty)
      .max(100, { error: 'The name may not be greater than 100 characters' })
      .refine((name) => name !== current, { error: messages.nothingToUpdate }),
  });

export default function ProfilePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const links = usePaths();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const user = useSessionUser();
  // Saving a field: react-query's mutation holds the busy state (the status select waits on it).
  const save = useMutation({ mutationFn: ({ field, value }: { field: 'name' | 'status'; value: string | number }) => dataProvider.updateProfileField(field, value) });
  const saving = save.isPending;
  const [credited, setCredited] = useState<number | null>(null);
  const reveal = useMutation({
    mutationFn: () => dataProvider.totalCredited(),
    onSuccess: ({ amount }) => setCredited(amount),
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  const revealing = reveal.isPending;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [deactivating, setDeactivating] = useState<number | null>(null);
  if (!user) return null;

  async function update(field: 'name' | 'status', value: string | number) {
    try {
      const { message } = await save.mutateAsync({ field, value });
      notify(message, { type: 'success' });
      return undefined;
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error' });
      return field === 'name' ? { name: message } : undefined;
    }
  }

  function changeStatus(status: number) {
    if (status === user?.status) return;
    // Going inactive stops every purchase: it is asked first (000 §2, §4).
    if (status === ACCOUNT_STATUS.inactive) setDeactivating(status);
    else void update('status', status);
  }

  const toggleCredited = () => (credited === null ? reveal.mutate() : setCredited(null));

  const inactive = user.status !== ACCOUNT_STATUS.active;
  // The account's name and status are the Owner's and Administrators' to change (account.manage).
  const manage = canAccess(user, { resource: 'profile', action: 'updateProfile' });
  const mayGenerate = canAccess(user, { resource: 'coupons.generate', action: 'generateCoupons' });
  return (
    <>
      <PageHeader
        title={translate('pp.profile.title')}
        actions={
          inactive || !mayGenerate ? undefined : (
            <Button component={Link} to={links.generate} variant="contained" data-testid="profile-generate">
              {translate('pp.nav.generate')}
            </Button>
          )
        }
      />
      {inactive ? <DeactivatedBanner /> : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent>
              {manage ? (
                <SchemaForm
                  key={user.name}
                  onSubmit={(values) => update('name', values.name)}
                  schema={nameSchema(user.name)}
                  defaultValues={{ name: user.name }}
                >
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <TextInput source="name" label="pp.profile.name" fullWidth />
                    <SubmitButton label="pp.profile.save" sx={{ mt: 1.5, flexShrink: 0 }} />
                  </Box>
                </SchemaForm>
              ) : (
                <TextField name="name" label={translate('pp.profile.name')} value={user.name} slotProps={{ input: { readOnly: true } }} />
              )}
              {/* The person's own sign-in address (the Owner's is the account's). */}
              <TextField name="email" label={translate('pp.profile.email')} value={user.member.email} helperText={translate('pp.profile.email_help')} slotProps={{ input: { readOnly: true } }} />
              <TextField select name="status" label={translate('pp.profile.status')} value={user.status} disabled={saving || !manage} onChange={(e) => changeStatus(Number(e.target.value))} helperText=" ">
                <MenuItem value={ACCOUNT_STATUS.active}>{translate('pp.profile.active')}</MenuItem>
                <MenuItem value={ACCOUNT_STATUS.inactive}>{translate('pp.profile.inactive')}</MenuItem>
              </TextField>
              <Divider sx={{ my: 2 }} />
              <Button variant="outlined" aria-haspopup="dialog" onClick={() => setPasswordOpen(true)}>
                {translate('pp.profile.change_password')}
              </Button>
            </CardContent>
          </Card>
          <TwoFactorCard />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {translate('pp.profile.total_credited')}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
                <Typography variant="h5" component="p" data-testid="total-credited" sx={{ fontWeight: 700 }}>
                  {credited === null ? '••••••' : format.money(credited)}
                </Typography>
                <Button size="small" onClick={toggleCredited} disabled={revealing}>
                  {revealing ? <CircularProgress size={16} aria-label={translate('pp.app.loading')} /> : translate(credited === null ? 'pp.profile.reveal' : 'pp.profile.hide')}
                </Button>
              </Box>
              <Divider sx={{ my: 2 }} />
              <Typography variant="body2" color="text.secondary">
                {translate('pp.profile.custom_url')}
              </Typography>
              <Typography sx={{ fontFamily: 'monospace' }}>{links.overview}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {translate('pp.profile.member_since', { date: format.longDate(user.created_at) })}
              </Typography>
            </CardContent>
          </Card>
          <LowBalanceCard />
          <PreferencesCard />
        </Grid>
      </Grid>
      <SessionsCard />
      {passwordOpen ? <ChangePasswordDialog onClose={() => setPasswordOpen(false)} /> : null}
      <ConfirmDialog
        target={deactivating}
        onClose={() => setDeactivating(null)}
        onConfirm={(status) => void update('status', status)}
        labelId="deactivate-title"
        title="pp.profile.deactivate_title"
        confirm="pp.profile.deactivate"
        color="warning"
      >
        <DialogContentText>{translate('pp.profile.deactivate_text')}</DialogContentText>
      </ConfirmDialog>
    </>
  );
}
