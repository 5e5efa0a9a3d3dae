/**
 * Invite people: several e-mail addresses at once, each with a role, on the contract's schema of
 * `inviteMembers` (all or none: one refused address refuses the call, and its sentence says which).
 * A field's sentence is the contract's, beneath it; the server's sentence for the whole form above.
 */
import { Box, Button, IconButton } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useDataProvider, useTranslate } from 'ra-core';
import { SelectInput, TextInput } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract, MAX_INVITATIONS_AT_ONCE } from '@partner-panel/sdk';
import { roleChoices } from './roles';
import { TeamFormDialog } from './TeamFormDialog';

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
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <TeamFormDialog
      open={open}
      onClose={onClose}
      id="invite-title"
      title={translate('pp.team.invite_title')}
      help="pp.team.invite_help"
      submit="pp.team.send"
      maxWidth="sm"
      schema={schema}
      defaultValues={{ invitations: [{ ...blank }] }}
      call={(values, once) => dataProvider.inviteMembers(values, once)}
    >
      <Rows />
    </TeamFormDialog>
  );
}
