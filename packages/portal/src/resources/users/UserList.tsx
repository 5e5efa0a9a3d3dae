/** Resellers List (001 §2.6) at users/all: an admin's own users, an e-mail filter, pages; Open → the user. */
import { Box, Button, Chip } from '@mui/material';
import { DataTable, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LiveFilters } from '../../components/FilterPanel';
import { useFormat } from '../../components/format';
import { PAGE_SIZES } from '@partner-panel/sdk';
import { ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { PortalList } from '../../components/PortalList';
import { usePaths } from '../../routing/usePaths';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  status: number;
  verified: boolean;
  balance: number;
  created_at: string;
}

const Col = DataTable.Col<UserRecord>;

export default function UserList() {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <>
      <PageHeader title={translate('pp.users.title')} />
      <PortalList resource="users" storeKey="users.own" sizes={PAGE_SIZES.coupons.options}>
        <LiveFilters>
          <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextInput source="email" label="pp.users.filter_email" helperText={false} sx={{ m: 0, width: 280 }} />
            <Button type="submit" variant="contained">
              {translate('pp.list.apply')}
            </Button>
          </Box>
        </LiveFilters>
        <ListTable rowTestId="user-row" label={translate('pp.users.title')}>
          <Col source="name" disableSort />
          <Col source="email" disableSort />
          <Col source="status" disableSort render={(u) => translate(u.status === 1 ? 'pp.profile.active' : 'pp.profile.inactive')} />
          <Col source="verified" disableSort render={(u) => <Chip size="small" variant="outlined" color={u.verified ? 'success' : 'warning'} label={translate(u.verified ? 'pp.coupons.yes' : 'pp.coupons.no')} />} />
          <Col source="balance" disableSort align="right" render={(u) => format.money(u.balance)} />
          <Col label="pp.list.actions" align="right" render={() => <OpenUser />} />
        </ListTable>
      </PortalList>
    </>
  );
}

function OpenUser() {
  const translate = useTranslate();
  const links = usePaths();
  const user = useRecordContext<UserRecord>();
  if (!user) return null;
  return (
    <Button size="small" component={Link} to={links.userEdit(user.id)}>
      {translate('pp.users.open')}
    </Button>
  );
}
