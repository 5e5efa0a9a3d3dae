/**
 * Search VPN Account (001 §2.8): search by Email, Coupon Code or Username, then 'Fetch VPN Details'.
 * Validated by the contract's schema ('Please select search type or insert details').
 */
import { Box } from '@mui/material';
import { SelectInput, TextInput, useDataProvider, useNotify } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract, type VpnAccount } from '@partner-panel/sdk';
import { SchemaForm } from '../../../components/SchemaForm';
import { SubmitButton } from '../../../components/SubmitButton';


type Search = { search: 'email' | 'coupon' | 'username'; value: string };


export function VpnSearchForm({ onFound }: { onFound: (accounts: VpnAccount[]) => void }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();

  async function search({ search, value }: Search) {
    try {
      const { account_details } = await dataProvider.searchVpnAccounts(search, value);
      onFound(account_details);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }

  return (
    <SchemaForm
      onSubmit={search}
      schema={contract.searchVpnAccounts.body}
      oneMessageAt="value"
      defaultValues={{ search: '', value: '' }}
    >
      <Box data-testid="vpn-search" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <SelectInput
          source="search"
          label="pp.vpn.search_by"
          sx={{ width: 200, m: 0 }}
          helperText={false}
          choices={[
            { id: 'email', name: 'pp.vpn.by_email' },
            { id: 'coupon', name: 'pp.vpn.by_coupon' },
            { id: 'username', name: 'pp.vpn.by_username' },
          ]}
        />
        <TextInput source="value" label="pp.vpn.search_value" sx={{ flex: '1 1 240px', m: 0 }} />
        <SubmitButton label="pp.vpn.fetch" sx={{ height: 48, mt: 0.5 }} />
      </Box>
    </SchemaForm>
  );
}
