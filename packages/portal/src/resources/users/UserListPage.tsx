/** Resellers List (001 §2.6): an admin's own users, an e-mail filter, pages; a row opens the user. */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField } from '@mui/material';
import { ListBase, useListContext, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { errors, fallbackMessage } from '@partner-panel/sdk';
import { ListPagination } from '../../layout/ListPagination';
import { TableState } from '../../layout/TableState';
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
      <TableContainer>
        <Table size="small" aria-label={translate('pp.users.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('pp.users.name')}</TableCell>
              <TableCell>{translate('pp.users.email')}</TableCell>
              <TableCell>{translate('pp.profile.status')}</TableCell>
              <TableCell>{translate('pp.users.verified')}</TableCell>
              <TableCell align="right">{translate('pp.balance.label')}</TableCell>
              <TableCell align="right">{translate('pp.coupons.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableState loading={isPending} empty={(data?.length ?? 0) === 0} colSpan={6} />
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
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination sizes={[10, 20, 30]} />
    </Card>
  );
}
