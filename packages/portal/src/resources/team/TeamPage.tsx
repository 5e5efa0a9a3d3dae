/**
 * The Team page (ours, issue 34), under the user menu: the account's members (name, e-mail, role,
 * an Operations member's daily limit, whether they sign in with a second factor) and its
 * invitations (pending, accepted, expired, revoked). Owners and Administrators invite people,
 * resend or revoke invitations, change a member's role or limit and remove a member; the Owner
 * alone hands the account over and requires a second factor of every member. What a role cannot
 * do is not offered (canAccess over each call's permission); the server refuses it anyway.
 */
import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { useCanAccess, useDataProvider, useListContext, useRecordContext, useTranslate } from 'ra-core';
import { DataTable, List } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import type { InvitationRow, TeamMemberRow } from '@partner-panel/sdk';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useFormat } from '../../components/format';
import { ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { InviteDialog } from './InviteDialog';
import { EditMemberDialog } from './EditMemberDialog';
import { useTeamAction } from './useTeamAction';

type MemberRecord = TeamMemberRow & { id: number };
const MemberCol = DataTable.Col<MemberRecord>;
const InvitationCol = DataTable.Col<InvitationRow>;

/** Whether the member signed in may make a team call (its permission, from the contract). */
const useMay = (action: 'inviteMembers' | 'transferOwnership' | 'requireTeamTwoFactor') => useCanAccess({ resource: 'team', action }).canAccess === true;

/** Both lists are whole (an account has few people): no pages, no filters. */
function TeamList({ resource, children }: { resource: 'team' | 'team-invitations'; children: React.ReactNode }) {
  return (
    <List resource={resource} title={false} empty={false} error={false} actions={false} pagination={false} perPage={1000} disableSyncWithLocation storeKey={false}>
      {children}
    </List>
  );
}

function MemberActions({ onEdit, onRemove, onTransfer }: { onEdit: (m: MemberRecord) => void; onRemove: (m: MemberRecord) => void; onTransfer: (m: MemberRecord) => void }) {
  const translate = useTranslate();
  const member = useRecordContext<MemberRecord>();
  const manage = useMay('inviteMembers');
  const own = useMay('transferOwnership');
  // No one changes themselves or the Owner (only a transfer moves ownership).
  if (!member || member.you || member.role === 'owner') return null;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
      {manage ? (
        <>
          <Button size="small" aria-haspopup="dialog" onClick={() => onEdit(member)} aria-label={`${translate('pp.team.edit')} ${member.name}`}>
            {translate('pp.team.edit')}
          </Button>
          <Button size="small" color="error" aria-haspopup="dialog" onClick={() => onRemove(member)} aria-label={`${translate('pp.team.remove')} ${member.name}`}>
            {translate('pp.team.remove')}
          </Button>
        </>
      ) : null}
      {own ? (
        <Button size="small" aria-haspopup="dialog" onClick={() => onTransfer(member)} aria-label={`${translate('pp.team.transfer')} ${member.name}`}>
          {translate('pp.team.transfer')}
        </Button>
      ) : null}
    </Stack>
  );
}

function Members() {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { act } = useTeamAction();
  const [editing, setEditing] = useState<MemberRecord | null>(null);
  const [removing, setRemoving] = useState<MemberRecord | null>(null);
  const [transferring, setTransferring] = useState<MemberRecord | null>(null);
  return (
    <>
      <ListTable rowTestId="member-row" label={translate('pp.team.members')}>
        <MemberCol source="name" disableSort render={(m) => (m.you ? `${m.name} (${translate('pp.team.you')})` : m.name)} />
        <MemberCol source="email" disableSort />
        <MemberCol source="role" disableSort render={(m) => translate(`pp.roles.${m.role}`)} />
        <MemberCol
          source="daily_limit"
          disableSort
          render={(m) => (m.role === 'operations' ? (m.daily_limit === null ? translate('pp.team.no_limit') : format.money(m.daily_limit)) : '—')}
        />
        <MemberCol
          source="two_factor"
          disableSort
          render={(m) => <Chip size="small" variant="outlined" color={m.two_factor ? 'success' : 'default'} label={translate(m.two_factor ? 'pp.team.two_factor_on' : 'pp.team.two_factor_off')} />}
        />
        <MemberCol source="joined_at" disableSort render={(m) => format.date(m.joined_at)} />
        <MemberCol label="pp.list.actions" align="right" render={() => <MemberActions onEdit={setEditing} onRemove={setRemoving} onTransfer={setTransferring} />} />
      </ListTable>
      <EditMemberDialog member={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        target={removing}
        onClose={() => setRemoving(null)}
        onConfirm={(m) => void act({ remove: m.person_id }, (once) => dataProvider.removeMember(m.person_id, once))}
        labelId="remove-member-title"
        title={removing ? translate('pp.team.remove_title', { name: removing.name }) : 'pp.team.remove'}
        confirm="pp.team.remove"
      >
        <Typography>{translate('pp.team.remove_text')}</Typography>
      </ConfirmDialog>
      <ConfirmDialog
        target={transferring}
        onClose={() => setTransferring(null)}
        onConfirm={(m) => void act({ transfer: m.person_id }, (once) => dataProvider.transferOwnership(m.person_id, once))}
        labelId="transfer-title"
        title={transferring ? translate('pp.team.transfer_title', { name: transferring.name }) : 'pp.team.transfer'}
        confirm="pp.team.transfer"
        color="warning"
      >
        <Typography>{translate('pp.team.transfer_text', { name: transferring?.name ?? '' })}</Typography>
      </ConfirmDialog>
      <TwoFactorForEveryone />
    </>
  );
}

/** The Owner's switch: a second factor required of every member at sign-in, read from the members' answer. */
function TwoFactorForEveryone() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { meta } = useListContext();
  const { act, busy } = useTeamAction();
  const own = useMay('requireTeamTwoFactor');
  const required = (meta as { two_factor_required?: boolean } | undefined)?.two_factor_required;
  if (required === undefined) return null;
  return (
    <Card variant="outlined" sx={{ mt: 3 }} data-testid="team-two-factor">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {translate('pp.team.two_factor_title')}
        </Typography>
        <Typography sx={{ mb: own ? 2 : 0 }}>{translate(required ? 'pp.team.two_factor_required' : 'pp.team.two_factor_optional')}</Typography>
        {own ? (
          <Button variant="outlined" disabled={busy} onClick={() => void act({ twoFactor: !required }, (once) => dataProvider.requireTeamTwoFactor(!required, once))}>
            {translate(required ? 'pp.team.two_factor_stop' : 'pp.team.two_factor_require')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function InvitationActions({ onRevoke }: { onRevoke: (i: InvitationRow) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const invitation = useRecordContext<InvitationRow>();
  const manage = useMay('inviteMembers');
  const { act, busy } = useTeamAction();
  if (!invitation || !manage) return null;
  const open = invitation.status === 'pending' || invitation.status === 'expired';
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {open ? (
        <Button size="small" disabled={busy} onClick={() => void act({ resend: invitation.id }, (once) => dataProvider.resendInvitation(invitation.id, once))} aria-label={`${translate('pp.team.resend')} ${invitation.email}`}>
          {translate('pp.team.resend')}
        </Button>
      ) : null}
      {invitation.status === 'pending' ? (
        <Button size="small" color="error" aria-haspopup="dialog" onClick={() => onRevoke(invitation)} aria-label={`${translate('pp.team.revoke')} ${invitation.email}`}>
          {translate('pp.team.revoke')}
        </Button>
      ) : null}
    </Stack>
  );
}

function Invitations() {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { act } = useTeamAction();
  const [revoking, setRevoking] = useState<InvitationRow | null>(null);
  return (
    <>
      <ListTable rowTestId="invitation-row" label={translate('pp.team.invitations')}>
        <InvitationCol source="email" disableSort />
        <InvitationCol source="role" disableSort render={(i) => translate(`pp.roles.${i.role}`)} />
        <InvitationCol
          source="status"
          disableSort
          render={(i) => <Chip size="small" variant="outlined" color={i.status === 'accepted' ? 'success' : i.status === 'pending' ? 'warning' : 'default'} label={translate(`pp.team.status.${i.status}`)} />}
        />
        <InvitationCol source="sent_at" disableSort render={(i) => format.date(i.sent_at)} />
        <InvitationCol source="expires_at" disableSort render={(i) => format.date(i.expires_at)} />
        <InvitationCol label="pp.list.actions" align="right" render={() => <InvitationActions onRevoke={setRevoking} />} />
      </ListTable>
      <ConfirmDialog
        target={revoking}
        onClose={() => setRevoking(null)}
        onConfirm={(i) => void act({ revoke: i.id }, (once) => dataProvider.revokeInvitation(i.id, once))}
        labelId="revoke-title"
        title="pp.team.revoke_title"
        confirm="pp.team.revoke"
      >
        <Typography>{translate('pp.team.revoke_text', { email: revoking?.email ?? '' })}</Typography>
      </ConfirmDialog>
    </>
  );
}

export default function TeamPage() {
  const translate = useTranslate();
  const manage = useMay('inviteMembers');
  const readInvitations = useCanAccess({ resource: 'team', action: 'teamInvitations' }).canAccess === true;
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeader
        title={translate('pp.team.title')}
        actions={
          manage ? (
            <Button variant="contained" startIcon={<PersonAddIcon />} aria-haspopup="dialog" onClick={() => setInviting(true)}>
              {translate('pp.team.invite')}
            </Button>
          ) : null
        }
      />
      <Box component="section" aria-labelledby="members-title" sx={{ mb: 4 }}>
        <Typography variant="h5" component="h2" id="members-title" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('pp.team.members')}
        </Typography>
        <TeamList resource="team">
          <Members />
        </TeamList>
      </Box>
      {readInvitations ? (
        <Box component="section" aria-labelledby="invitations-title">
          <Typography variant="h5" component="h2" id="invitations-title" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('pp.team.invitations')}
          </Typography>
          <TeamList resource="team-invitations">
            <Invitations />
          </TeamList>
        </Box>
      ) : null}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
