/**
 * Manage VPN Subscriptions (001 §2.8): tabs Create, Update, Enable/Disable and Delete at
 * /vpn/subscriptions/{tab}; the first tab comes from the address unless it ends in 'subscriptions'.
 * Reseller 903 has no Create tab and starts on Update. The search finds the accounts the other tabs act on.
 */
import { Fragment, useState } from 'react';
import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import { canAccess } from '@partner-panel/data-provider';
import type { VpnAccount } from '@partner-panel/sdk';
import { Faq } from '../../layout/Faq';
import { useTabStrip } from '../../layout/tabStrip';
import { PageHeader } from '../../pages/PageHeader';
import { paths } from '../../routing/paths';
import { useSessionUser } from '../../routing/useSessionUser';
import { CreateVpnPanel } from './CreateVpnPanel';
import { UpdateVpnPanel } from './UpdateVpnPanel';
import { VpnActionsTable } from './VpnActionsTable';
import { VpnSearch } from './VpnSearch';

type TabKey = 'create' | 'update' | 'enable' | 'delete';
const FAQ = ['create', 'search', 'disable', 'delete', 'renew'] as const;

export default function ManageVpnPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSessionUser();
  const [found, setFound] = useState<VpnAccount[]>([]);
  const canCreate = canAccess(user, { resource: 'vpn.create' });
  const strip = useTabStrip(canCreate ? 4 : 3);
  if (!user) return null;
  const tabs: TabKey[] = canCreate ? ['create', 'update', 'enable', 'delete'] : ['update', 'enable', 'delete'];
  const last = pathname.split('/').filter(Boolean).at(-1) as string;
  const tab: TabKey = (tabs as string[]).includes(last) ? (last as TabKey) : (tabs[0] as TabKey);
  const base = paths(user.custom_url).subscriptions;
  // An account changed anywhere shows its new state in every tab.
  const replace = (account: VpnAccount) =>
    setFound((list) => {
      const rest = list.filter((a) => a.vpn_username !== account.vpn_username);
      return [account, ...rest].sort((a, b) => (a.start_date < b.start_date ? 1 : -1));
    });

  return (
    <>
      <PageHeader title={translate('pp.nav.vpn_subscriptions')} />
      <Card>
        <Tabs value={tab} onChange={(_, t: TabKey) => navigate(`${base}/${t}`)} {...strip} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
          {tabs.map((t) => (
            <Tab key={t} value={t} label={breakAfterSlash(translate(`pp.vpn.tab_${t}`))} aria-label={translate(`pp.vpn.tab_${t}`)} />
          ))}
        </Tabs>
        <CardContent>
          {tab === 'create' ? (
            <CreateVpnPanel onCreated={replace} />
          ) : (
            <>
              <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                {translate('pp.vpn.search_title')}
              </Typography>
              <VpnSearch onFound={(accounts) => setFound(accounts)} />
              <Box sx={{ mt: 2 }}>
                {tab === 'update' ? (
                  <>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                      {translate('pp.vpn.update_title')}
                    </Typography>
                    <UpdateVpnPanel accounts={found} onChanged={replace} />
                  </>
                ) : null}
                {tab === 'enable' ? <VpnActionsTable accounts={found} mode="status" onChanged={replace} /> : null}
                {tab === 'delete' ? <VpnActionsTable accounts={found} mode="delete" onChanged={replace} /> : null}
              </Box>
            </>
          )}
        </CardContent>
      </Card>
      <Faq namespace="pp.vpn_faq" keys={FAQ} />
    </>
  );
}

/** 'Enable/Disable' may wrap after its slash on a narrow tab (the tab's aria-label keeps its name whole). */
function breakAfterSlash(label: string) {
  const [first, ...rest] = label.split('/');
  return rest.length === 0 ? label : (
    <>
      {first}
      {rest.map((part, i) => (
        <Fragment key={i}>
          /<wbr />
          {part}
        </Fragment>
      ))}
    </>
  );
}
