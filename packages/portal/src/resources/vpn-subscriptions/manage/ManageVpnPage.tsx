/**
 * Manage VPN Subscriptions (001 §2.8): tabs Create, Update, Enable/Disable and Delete at
 * vpn/subscriptions/{tab}; the first tab comes from the address unless it ends in 'subscriptions'.
 * Reseller 903 has no Create tab and starts on Update; a member sees the tabs their role allows. The search finds the accounts the other tabs act on.
 */
import { Fragment, useState } from 'react';
import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { canAccess, isPartner } from '@partner-panel/data-provider';
import type { CallName, VpnAccount } from '@partner-panel/sdk';
import { Faq } from '../../../components/Faq';
import { PageHeader } from '../../../components/PageHeader';
import { TAB_STRIP } from '../../../layout/tabStrip';
import { ShellPage } from '../../../layout/emptyPages';
import { NotAllowedPage } from '../../../pages/not-allowed/NotAllowedPage';
import { usePaths } from '../../../routing/usePaths';
import { useSessionUser } from '../../../routing/useSessionUser';
import { CreateVpnForm } from './CreateVpnForm';
import { UpdateVpnForm } from './UpdateVpnForm';
import { VpnActionsTable } from './VpnActionsTable';
import { VpnSearchForm } from './VpnSearchForm';
import type { Found } from './NothingFound';

type TabKey = 'create' | 'update' | 'enable' | 'delete';
const FAQ = ['create', 'search', 'disable', 'delete', 'renew'] as const;
/** Reseller 903 creates no account here and has no wallet: its renewals go on its credit line. */
const PARTNER_FAQ = ['search', 'disable', 'delete', 'partner_renew'] as const;

/** What the last search found: nothing searched yet, or the accounts (maybe none). */

/** The call each tab makes, in the tabs' order. */
const TAB_CALLS: Record<TabKey, CallName> = { create: 'createVpnAccount', update: 'updateVpnEmail', enable: 'updateVpnStatus', delete: 'deleteVpnAccount' };

export default function ManageVpnPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { '*': rest = '' } = useParams();
  const user = useSessionUser();
  const links = usePaths();
  const [found, setFound] = useState<Found>(null);
  const canCreate = canAccess(user, { resource: 'vpn.create', action: 'createVpnAccount' });
  // Each tab shows to a member whose role allows its call (Support enables and disables only).
  const tabs = (Object.keys(TAB_CALLS) as TabKey[]).filter((t) => canAccess(user, { resource: t === 'create' ? 'vpn.create' : 'vpn.subscriptions', action: TAB_CALLS[t] }));
  if (!user) return null;
  if (rest === 'create' && !canCreate) return <Navigate to={`${links.subscriptions}/${tabs[0] ?? 'update'}`} replace />;
  if (rest !== '' && (TAB_CALLS as Record<string, unknown>)[rest] !== undefined && !(tabs as string[]).includes(rest)) return <NotAllowedPage />;
  if (rest !== '' && !(tabs as string[]).includes(rest)) return <ShellPage />;
  const tab: TabKey = rest === '' ? (tabs[0] as TabKey) : (rest as TabKey);
  // An account changed anywhere shows its new state in every tab.
  const replace = (account: VpnAccount) =>
    setFound((list) => {
      const others = (list ?? []).filter((a) => a.vpn_username !== account.vpn_username);
      return [account, ...others].sort((a, b) => (a.start_date < b.start_date ? 1 : -1));
    });

  return (
    <>
      <PageHeader title={translate('pp.nav.vpn_subscriptions')} />
      <Card>
        <Tabs value={tab} onChange={(_, t: TabKey) => navigate(`${links.subscriptions}/${t}`)} {...TAB_STRIP} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
          {tabs.map((t) => (
            <Tab key={t} value={t} label={breakAfterSlash(translate(`pp.vpn.tab_${t}`))} aria-label={translate(`pp.vpn.tab_${t}`)} />
          ))}
        </Tabs>
        <CardContent>
          {tab === 'create' ? (
            <CreateVpnForm onCreated={replace} />
          ) : (
            <>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {translate('pp.vpn.search_title')}
              </Typography>
              <VpnSearchForm onFound={setFound} />
              <Box sx={{ mt: 2 }}>
                {tab === 'update' ? (
                  <>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                      {translate('pp.vpn.update_title')}
                    </Typography>
                    <UpdateVpnForm found={found} onChanged={replace} />
                  </>
                ) : null}
                {tab === 'enable' ? <VpnActionsTable found={found} mode="status" onChanged={replace} /> : null}
                {tab === 'delete' ? <VpnActionsTable found={found} mode="delete" onChanged={replace} /> : null}
              </Box>
            </>
          )}
        </CardContent>
      </Card>
      <Faq namespace="pp.vpn_faq" keys={isPartner(user) ? PARTNER_FAQ : FAQ} />
    </>
  );
}

/** Until a search, the panels invite one; after a search that matched nothing, they say so. */

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
