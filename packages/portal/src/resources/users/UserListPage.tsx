/** Resellers List (001 §2.6): an admin's own users, an e-mail filter, pages; a row opens the user. */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Chip, TableCell, TableRow, TextField } from '@mui/material';
import { ListBase, useListContext, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { errors, fallbackMessage } from '@partner-panel/sdk';
import { ListPagination } from '../../layout/ListPagination';
import { DataTable } from '../../layout/DataTable';
import { formatUsd } from '../../layout/money';
import { PageHeader } from '../../pages/PageHeader';
import { paths } from '../../routing/paths';
import { useSessionUser } from '../../routing/useSessionUser';

interface UserRow {
  id: number;
  name: string;
  email: string;
  status: number;
  verified: boolean;
  balance: number;
  created_at: string;
}

export default function UserListPage() {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={translate('pp.users.title')} />
      <ListBase resource="users" perPage={10} sort={{ field: 'created_at', order: 'DESC' }} storeKey="users">
        <Users />
      </ListBase>
    </>
  );
}

function Users() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const user = useSessionUser();
  const { data, isPending, error, filterValues, setFilters } = useListContext<UserRow>();
  const [email, setEmail] = useState(String(filterValues.email ?? ''));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(email.trim() ? { email: email.trim() } : {}, {});
  };
  if (!user) return null;
  return (
    <Card>
      <Box component="form" onSubmit={apply} sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap' }}>
        <TextField name="email" size="small" margin="none" label={translate('pp.users.filter_email')} value={email} onChange={(e) => setEmail(e.target.value)} sx={{ width: 280 }} fullWidth={false} />
        <Button type="submit" variant="contained">
          {translate('pp.coupons.apply')}
        </Button>
      </Box>
      {error ? <Alert severity="error" sx={{ m: 2 }}>{error.message || fallbackMessage(errors.fetchReseller)}</Alert> : null}
      <DataTable
        label={translate('pp.users.title')}
        columns={[
          { key: 'name', label: translate('pp.users.name') },
          { key: 'email', label: translate('pp.users.email') },
          { key: 'status', label: translate('pp.profile.status') },
          { key: 'verified', label: translate('pp.users.verified') },
          { key: 'balance', label: translate('pp.balance.label'), align: 'right' },
          { key: 'actions', label: translate('pp.coupons.actions'), align: 'right' },
        ]}
        loading={isPending}
        empty={(data?.length ?? 0) === 0}
      >
        {(data ?? []).map((row) => (
          <TableRow key={row.id} hover data-testid="user-row">
            <TableCell>{row.name}</TableCell>
            <TableCell>{row.email}</TableCell>
            <TableCell>{translate(row.status === 1 ? 'pp.profile.active' : 'pp.profile.inactive')}</TableCell>
            <TableCell>
              <Chip size="small" variant="outlined" color={row.verified ? 'success' : 'warning'} label={translate(row.verified ? 'pp.coupons.yes' : 'pp.coupons.no')} />
            </TableCell>
            <TableCell align="right">{formatUsd(row.balance)}</TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => navigate(paths(user.custom_url).userEdit(row.id))}>
                {translate('pp.users.open')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
      <ListPagination sizes={[10, 20, 30]} />
    </Card>
  );
}
