/**
 * Change a member: their role and, for Operations, the daily spending limit in dollars (empty: no
 * limit), on the contract's schema of `updateMember`. Their sessions end, so the change applies at
 * once (the server's sentence says so).
 */
import { useRef } from 'react';
import { useDataProvider, useTranslate } from 'ra-core';
import { NumberInput, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract, type Role, type TeamMemberRow } from '@partner-panel/sdk';
import { limited, roleChoices } from './roles';
import { TeamFormDialog } from './TeamFormDialog';

const schema = contract.updateMember.body;

/** The limit's field, for the roles a limit applies to. */
function DailyLimit() {
  const role = useWatch({ name: 'role' }) as Role | undefined;
  if (!limited(role)) return null;
  return <NumberInput source="daily_limit" label="pp.team.daily_limit" helperText="pp.team.daily_limit_help" min={0} step={0.01} fullWidth />;
}

export function EditMemberDialog({ member, onClose }: { member: TeamMemberRow | null; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // The member last shown, while the dialog closes.
  const last = useRef(member);
  if (member) last.current = member;
  const shown = member ?? last.current;
  return (
    <TeamFormDialog
      open={member !== null}
      onClose={onClose}
      id="edit-member-title"
      title={translate('pp.team.edit_title', { name: shown?.name ?? '' })}
      help="pp.team.edit_help"
      submit="pp.team.save"
      maxWidth="xs"
      schema={schema}
      defaultValues={{ person_id: shown?.person_id ?? 0, role: shown?.role ?? 'viewer', daily_limit: shown?.daily_limit ?? null }}
      call={(values, once) => {
        // A limit is an Operations member's alone: another role sends none.
        const { daily_limit, ...rest } = values;
        return dataProvider.updateMember(limited(values.role) ? { ...rest, daily_limit: daily_limit ?? null } : rest, once);
      }}
    >
      <SelectInput source="role" label="pp.team.role" choices={roleChoices} fullWidth />
      <DailyLimit />
    </TeamFormDialog>
  );
}
