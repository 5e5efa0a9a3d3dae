/**
 * The User profile (002 §2, §3) at user/edit/{id}: the user's fields and counters, the status
 * (Inactive or Active, confirmed first: ours), the name and e-mail editable once the user is verified, the verify action
 * for an unverified user, the pricing editor of both product types, Send Invoice, Change Password,
 * the credit or debit of its wallet, links to its three sub-pages, and the audit list. The record
 * is the `users` resource's, read from `get/user`; every action answers the profile anew.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, DialogContentText, FormControlLabel, FormHelperText, Grid, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { TextInput, useDataProvider, useShowContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { canAccess, type PortalDataProvider } from '@partner-panel/data-provider';
import { emailField, fullNameField, messages, requiredText, type CallName, type CallResult, type Contract } from '@partner-panel/sdk';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useFormat } from '../../../components/format';
import { PageHeader } from '../../../components/PageHeader';
import { messageOf } from '../../../components/serverErrors';
import { SchemaForm } from '../../../components/SchemaForm';
import { onFirstClick, useSubmission, type Submission } from '../../../components/useSubmission';
import { SubmitButton } from '../../../components/SubmitButton';
import { usePaths } from '../../../routing/usePaths';
import { useSessionUser } from '../../../routing/useSessionUser';
import { PricingEditor } from './PricingEditor';
import { UserAuditList } from './UserAuditList';
import { UserDialogs, type UserDialog } from './UserDialogs';
import { useFormAction } from '../../../components/useFormAction';

type Profile = CallResult<Contract['getUser']> & { name: string };

/** A field's rules as the server applies them (002 §5): 'Field is empty', 'Nothing to update', then its own. */
const fieldSchema = (field: 'name' | 'email', current: string) =>
  z.object({
    [field]: requiredText(messages.fieldEmpty)
      .refine((v) => (field === 'email' ? v.toLowerCase() !== current.toLowerCase() : v !== current), { error: messages.nothingToUpdate })
      .pipe(field === 'email' ? emailField : fullNameField),
  });

/**
 * What the signed-in member may do to a sub-reseller, from each call's permission in the contract:
 * an Administrator manages (status, verify, name, e-mail, password, prices, two-factor), Finance bills
 * (invoice, credit or debit), Operations generates on its behalf; a role without one sees the value
 * but not the control. The server refuses them anyway.
 */
function useUserPowers() {
  const session = useSessionUser();
  const may = (action: CallName) => canAccess(session, { resource: 'users', action });
  return { manage: may('updateUser'), bill: may('adjustUserBalance'), invoice: may('createUserInvoice'), generate: may('generateUserCoupons') };
}
type UserPowers = ReturnType<typeof useUserPowers>;

export default function UserProfile() {
  const translate = useTranslate();
  const powers = useUserPowers();
  const { record, error } = useShowContext<Profile>();
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const header = <PageHeader title={translate('pp.users.profile')} />;
  if (error) {
    return (
      <>
        {header}
        <Alert severity="error" data-testid="user-error">
          {messageOf(error, translate('pp.errors.update'))}
        </Alert>
      </>
    );
  }
  // A row of the list stands in until get/user answers with the whole profile.
  if (!record || !('recuringPricing' in record)) {
    return (
      <>
        {header}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={translate('pp.app.loading')} />
        </Box>
      </>
    );
  }
  return (
    <>
      {header}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <DetailsCard user={record} onOpen={setDialog} powers={powers} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <FiguresCard user={record} />
        </Grid>
        <Grid size={12}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {translate('pp.users.pricing')}
              </Typography>
              <PricingEditor userId={record.id} recurring={record.recuringPricing} onetime={record.nonRecuringPricing} editable={powers.manage} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <UserAuditList userId={record.id} />
      <UserDialogs open={dialog} user={record} onClose={() => setDialog(null)} />
    </>
  );
}

function DetailsCard({ user, onOpen, powers }: { user: Profile; onOpen: (d: UserDialog) => void; powers: UserPowers }) {
  const translate = useTranslate();
  const format = useFormat();
  const links = usePaths();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const run = useFormAction();
  // The status, verify and 2FA controls wait while one of them is on its way, and act once per
  // intent (components/useSubmission): a double click verifies, or changes the status, once.
  const submission = useSubmission();
  const busy = submission.busy;
  // Ours: a status change stops (or resumes) the user's purchases, so it is asked first.
  const [newStatus, setNewStatus] = useState<number | null>(null);
  const base = links.userEdit(user.id);

  const act = (what: unknown, call: (once: Submission) => Promise<{ message: string }>) => void submission.run(what, (once) => run(() => call(once)));
  const update = (field: 'name' | 'email') => async (values: FieldValues, once: Submission) =>
    run(() => dataProvider.updateUser(user.id, { update: field, value: String(values[field]) }, once), ({ value, ...rest }, message) => ({ ...rest, [field]: value ?? message }));

  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <Chip
            size="small"
            color={user.verified ? 'success' : 'warning'}
            variant="outlined"
            label={translate(user.verified ? 'pp.users.verified' : 'pp.users.unverified')}
            data-testid="user-verified"
          />
          <Chip size="small" variant="outlined" label={translate(user.status === 1 ? 'pp.profile.active' : 'pp.profile.inactive')} data-testid="user-status" />
          {user.verified || !powers.manage ? null : (
            <Button variant="contained" size="small" disabled={busy} onClick={onFirstClick(() => act('verify', (once) => dataProvider.verifyUser(user.id, once)))}>
              {translate('pp.users.verify')}
            </Button>
          )}
        </Box>
        {user.verified ? null : (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('pp.users.unverified_help')}
          </Alert>
        )}
        {(['name', 'email'] as const).map((field) => {
          const current = field === 'name' ? user.firstName : user.email;
          return (
            <SchemaForm key={`${field}:${current}`} schema={fieldSchema(field, current)} defaultValues={{ [field]: current }} onSubmit={update(field)}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextInput source={field} label={`pp.profile.${field}`} fullWidth disabled={!user.verified || !powers.manage} />
                {powers.manage ? (
                  <SubmitButton label="pp.users.save" sx={{ mt: 1.5, flexShrink: 0 }} disabled={!user.verified} aria-label={`${translate('pp.users.save')} ${translate(`pp.profile.${field}`)}`} />
                ) : null}
              </Box>
            </SchemaForm>
          );
        })}
        <TextField
          select
          name="status"
          label={translate('pp.profile.status')}
          value={user.status}
          disabled={busy || !powers.manage}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (value !== user.status) setNewStatus(value);
          }}
          helperText=" "
          sx={{ minWidth: 200 }}
        >
          <MenuItem value={1}>{translate('pp.profile.active')}</MenuItem>
          <MenuItem value={0}>{translate('pp.profile.inactive')}</MenuItem>
        </TextField>
        <ConfirmDialog
          target={newStatus}
          onClose={() => setNewStatus(null)}
          onConfirm={(value) => act({ status: value }, (once) => dataProvider.updateUser(user.id, { update: 'status', value }, once))}
          labelId="user-status-confirm"
          title={newStatus === 1 ? 'pp.users.activate_title' : 'pp.users.deactivate_title'}
          confirm={newStatus === 1 ? 'pp.users.activate' : 'pp.users.deactivate'}
          color={newStatus === 1 ? 'primary' : 'warning'}
        >
          <DialogContentText>{translate(newStatus === 1 ? 'pp.users.activate_text' : 'pp.users.deactivate_text', { name: user.firstName })}</DialogContentText>
        </ConfirmDialog>
        <Box sx={{ mb: 2 }}>
          <FormControlLabel
            control={
              <Switch
                checked={user.two_factor_required}
                disabled={busy || !powers.manage}
                onChange={(e) => {
                  // Read now: the controlled switch turns back before the call runs.
                  const required = e.target.checked;
                  act({ required }, (once) => dataProvider.requireUserTwoFactor(user.id, required, once));
                }}
                slotProps={{ input: { 'aria-describedby': 'require-two-factor-help' } }}
              />
            }
            label={translate('pp.users.require_two_factor')}
          />
          <FormHelperText id="require-two-factor-help" sx={{ mt: 0 }}>
            {translate('pp.users.require_two_factor_help')}
          </FormHelperText>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate('pp.users.client_id')}: <Box component="span" sx={{ fontFamily: 'monospace' }}>{user.clientId}</Box>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('pp.users.member_since', { date: format.longDate(user.created_at) })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {powers.invoice ? (
            <Button variant="contained" aria-haspopup="dialog" onClick={() => onOpen('invoice')}>
              {translate('pp.users.send_invoice')}
            </Button>
          ) : null}
          {powers.manage ? (
            <Button variant="outlined" aria-haspopup="dialog" onClick={() => onOpen('password')} disabled={!user.verified}>
              {translate('pp.users.change_password')}
            </Button>
          ) : null}
          {powers.bill ? (
            <Button variant="outlined" aria-haspopup="dialog" onClick={() => onOpen('adjust')}>
              {translate('pp.users.adjust')}
            </Button>
          ) : null}
        </Box>
        <Typography variant="subtitle2" component="h2" sx={{ mt: 3 }}>
          {translate('pp.users.links')}
        </Typography>
        <Box component="nav" aria-label={translate('pp.users.links')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          {powers.generate ? (
            <Button size="small" component={Link} to={`${base}/generatecoupon`}>
              {translate('pp.nav.generate')}
            </Button>
          ) : null}
          <Button size="small" component={Link} to={`${base}/listcoupons`}>
            {translate('pp.nav.coupons_list')}
          </Button>
          <Button size="small" component={Link} to={`${base}/listsusbscriptions`}>
            {translate('pp.users.subscriptions')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function FiguresCard({ user }: { user: Profile }) {
  const translate = useTranslate();
  const format = useFormat();
  const figures: [string, string, string][] = [
    ['balance', 'pp.users.balance', format.money(user.balance)],
    ['amount-in', 'pp.users.amount_in', format.money(user.amountIn)],
    ['amount-out', 'pp.users.amount_out', format.money(user.amountOut)],
    ['total-coupons', 'pp.users.total_coupons', format.number(user.total_coupons)],
    ['coupons-24h', 'pp.users.coupons_24h', format.number(user.coupons_in_last_24_hours)],
    ['redeemed', 'pp.users.redeemed', format.number(user.total_redeem_coupons)],
    ['active-subscriptions', 'pp.users.active_subscriptions', format.number(user.active_subscriptions)],
    ['vpn-24h', 'pp.users.vpn_24h', format.number(user.vpn_accounts_issued_in_last_24_hours)],
  ];
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1, columnGap: 2, m: 0 }}>
          {figures.map(([id, label, value]) => (
            <Box key={id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }} data-testid={`user-${id}`}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
