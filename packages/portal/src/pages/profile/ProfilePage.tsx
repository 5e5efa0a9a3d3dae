/**
 * /{custom_url}/profile (000 §2): the name (editable), the e-mail (read-only), the change-password
 * modal, the status select, the reveal of Total Amount Credited, and the deactivated banner.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Divider,
  Grid,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { ACCOUNT_STATUS, messages } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';
import { formatUsd } from '../../layout/money';
import { useSessionUser } from '../../routing/useSessionUser';
import { paths } from '../../routing/paths';
import { PageHeader } from '../PageHeader';
import { ChangePasswordDialog } from './ChangePasswordDialog';

export default function ProfilePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const user = useSessionUser();
  const [name, setName] = useState(user?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [credited, setCredited] = useState<number | null>(null);
  const [revealing, setRevealing] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  if (!user) return null;

  async function update(field: 'name' | 'status', value: string | number) {
    setSaving(true);
    try {
      const { message, body } = await dataProvider.updateProfileField(field, value);
      if (field === 'name') setName(body.name);
      notify(message, { type: 'success' });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : translate('pp.errors.update');
      if (field === 'name') setNameError(message);
      notify(message, { type: 'error' });
      return false;
    } finally {
      setSaving(false);
    }
  }

  function saveName(event: FormEvent) {
    event.preventDefault();
    const value = name.trim();
    // The same two rules the server applies (000 §5).
    if (!value) return setNameError(messages.fieldEmpty);
    if (value === user?.name) return setNameError(messages.nothingToUpdate);
    setNameError(null);
    void update('name', value);
  }

  async function toggleCredited() {
    if (credited !== null) return setCredited(null);
    setRevealing(true);
    try {
      setCredited((await dataProvider.totalCredited()).amount);
    } catch (error) {
      notify(error instanceof Error ? error.message : translate('pp.errors.fetch_details'), { type: 'error' });
    } finally {
      setRevealing(false);
    }
  }

  const inactive = user.status !== ACCOUNT_STATUS.active;
  return (
    <>
      <PageHeader
        title={translate('pp.profile.title')}
        actions={
          inactive ? undefined : (
            <Button component={Link} to={paths(user.custom_url).generate} variant="contained" data-testid="profile-generate">
              {translate('pp.nav.generate')}
            </Button>
          )
        }
      />
      {inactive ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="deactivated-banner">
          {translate('pp.profile.deactivated')}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent>
              <Box component="form" onSubmit={saveName} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                  name="name"
                  label={translate('pp.profile.name')}
                  value={name}
                  onChange={(e) => {
                    setName(e.target.value);
                    setNameError(null);
                  }}
                  error={nameError !== null}
                  helperText={nameError ?? ' '}
                />
                <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 3, flexShrink: 0 }}>
                  {translate('pp.profile.save')}
                </Button>
              </Box>
              <TextField
                name="email"
                label={translate('pp.profile.email')}
                value={user.email}
                helperText={translate('pp.profile.email_help')}
                slotProps={{ input: { readOnly: true } }}
              />
              <TextField
                select
                name="status"
                label={translate('pp.profile.status')}
                value={user.status}
                disabled={saving}
                onChange={(e) => void update('status', Number(e.target.value))}
                helperText=" "
              >
                <MenuItem value={ACCOUNT_STATUS.active}>{translate('pp.profile.active')}</MenuItem>
                <MenuItem value={ACCOUNT_STATUS.inactive}>{translate('pp.profile.inactive')}</MenuItem>
              </TextField>
              <Divider sx={{ my: 2 }} />
              <Button variant="outlined" onClick={() => setPasswordOpen(true)}>
                {translate('pp.profile.change_password')}
              </Button>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {translate('pp.profile.total_credited')}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
                <Typography variant="h5" component="p" data-testid="total-credited" sx={{ fontWeight: 700 }}>
                  {credited === null ? '••••••' : formatUsd(credited)}
                </Typography>
                <Button size="small" onClick={toggleCredited} disabled={revealing}>
                  {revealing ? <CircularProgress size={16} /> : translate(credited === null ? 'pp.profile.reveal' : 'pp.profile.hide')}
                </Button>
              </Box>
              <Divider sx={{ my: 2 }} />
              <Typography variant="body2" color="text.secondary">
                {translate('pp.profile.custom_url')}
              </Typography>
              <Typography sx={{ fontFamily: 'monospace' }}>/{user.custom_url}/dashboard/overview</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {translate('pp.profile.member_since', { date: new Date(user.created_at).toLocaleDateString('en-US', { dateStyle: 'long' }) })}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
