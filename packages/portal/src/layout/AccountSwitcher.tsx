/**
 * The user menu's accounts, for a person who belongs to several (myAccounts): choosing one moves
 * the session there (switchAccount, the same token), makes its profile the stored user, forgets
 * every answer read for the account left, and goes to the dashboard under the new account's
 * prefix. The live channel follows by itself (realtime/RealtimeBridge re-creates its connection
 * when the account changes; the server has closed the old one).
 */
import { Divider, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import SwapIcon from '@mui/icons-material/SwapHoriz';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { useSubmission } from '../components/useSubmission';
import { flash } from '../routing/flash';
import { paths } from '../routing/paths';

export function AccountSwitcher({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const submission = useSubmission();
  const { data } = useQuery({ queryKey: ['my-accounts'], queryFn: () => dataProvider.myAccounts() });
  const accounts = data?.data ?? [];
  if (accounts.length < 2) return null;

  const switchTo = (id: number) =>
    void submission.run({ switchTo: id }, async (once) => {
      try {
        const { body, message } = await dataProvider.switchAccount(id, once);
        onClose();
        queryClient.clear();
        // The app opens anew under the new prefix (admin/AdminApp is keyed by it) and says so.
        flash.set(message);
        navigate(paths(`/${body.custom_url}`).overview);
      } catch (error) {
        notify((error as Error).message, { type: 'error' });
      }
    });

  return (
    <>
      <Divider />
      {/* A heading in the menu's own terms (an item, disabled), as the menu's first line names the person. */}
      <MenuItem disabled sx={{ opacity: '1 !important', minHeight: 0 }}>
        <Typography variant="overline" color="text.secondary">
          {translate('pp.accounts.title')}
        </Typography>
      </MenuItem>
      {accounts.map((account) => {
        const role = translate(`pp.roles.${account.role}`);
        return (
          <MenuItem
            key={account.id}
            data-testid="switch-account"
            disabled={submission.busy}
            selected={account.current}
            aria-current={account.current ? 'true' : undefined}
            aria-label={translate(account.current ? 'pp.accounts.current' : 'pp.accounts.switch_to', { name: account.name, role })}
            onClick={() => (account.current ? onClose() : switchTo(account.id))}
          >
            <ListItemIcon>{account.current ? <CheckIcon fontSize="small" /> : <SwapIcon fontSize="small" />}</ListItemIcon>
            <ListItemText primary={account.name} secondary={role} />
          </MenuItem>
        );
      })}
    </>
  );
}
