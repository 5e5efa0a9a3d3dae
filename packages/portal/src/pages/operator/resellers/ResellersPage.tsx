/**
 * The operator's Resellers (issue 35) at /{prefix}/resellers: every reseller of the programme —
 * search, status, terms, admins, an admin's resellers (its count links there) — with its parent,
 * status, terms, balance or what it owes, and spend in the last 30 days, sorted by a column's
 * header. A role with `operator.manage` opens accounts and, from a row's Manage menu, verifies,
 * suspends or reactivates, moves, sets terms and records a settlement.
 */
import { lazy, Suspense, useState } from 'react';
import { Box, Button, Chip, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { DataTable, SelectInput, TextInput, useCanAccess, useDataProvider, useListContext, useRefresh, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { PAGE_SIZES, RESELLER_STATUSES, type OperatorResellerRow } from '@partner-panel/sdk';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FilterPanel } from '../../../components/FilterPanel';
import { useFormat } from '../../../components/format';
import { ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { PortalList } from '../../../components/PortalList';
import { useAnsweredAction } from '../../../components/useAnsweredAction';
import type { ResellerDialog } from './ResellerDialogs';

const ResellerDialogs = lazy(() => import('./ResellerDialogs').then((m) => ({ default: m.ResellerDialogs })));
const Col = DataTable.Col<OperatorResellerRow>;
const STATUS_COLORS = { active: 'success', inactive: 'default', suspended: 'error' } as const;

/** "Resellers of X" while the list shows one admin's resellers, with the way back to all. */
function ParentFilterNote({ names }: { names: Map<number, string> }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const parent = Number(filterValues.parent_id);
  if (!parent) return null;
  const { parent_id: _dropped, ...rest } = filterValues as Record<string, unknown>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, pt: 1 }}>
      <Typography variant="subtitle2">{translate('pp.resellers.children_of', { name: names.get(parent) ?? `#${parent}` })}</Typography>
      <Button size="small" onClick={() => setFilters(rest, {})}>
        {translate('pp.resellers.show_all')}
      </Button>
    </Stack>
  );
}

/** An admin's count of resellers: a link to the list of them. */
function ChildrenLink({ row, remember }: { row: OperatorResellerRow; remember: (id: number, name: string) => void }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  if (!row.is_admin) return null;
  return (
    <Button
      size="small"
      onClick={() => {
        remember(row.id, row.name);
        setFilters({ ...filterValues, parent_id: row.id }, {});
      }}
    >
      {translate('pp.resellers.sub_resellers', { smart_count: row.sub_resellers })}
    </Button>
  );
}

function ManageMenu({ row, onPick }: { row: OperatorResellerRow; onPick: (dialog: ResellerDialog | 'verify', row: OperatorResellerRow) => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (dialog: ResellerDialog | 'verify') => {
    setAnchor(null);
    onPick(dialog, row);
  };
  const owes = row.balance < 0;
  return (
    <>
      <Button size="small" aria-haspopup="menu" aria-label={translate('pp.resellers.manage_for', { name: row.name })} onClick={(event) => setAnchor(event.currentTarget)}>
        {translate('pp.resellers.manage')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {!row.verified ? <MenuItem onClick={() => pick('verify')}>{translate('pp.resellers.verify')}</MenuItem> : null}
        <MenuItem onClick={() => pick('status')}>{translate(row.status === 'suspended' ? 'pp.resellers.reactivate' : 'pp.resellers.suspend')}</MenuItem>
        {!row.is_admin ? <MenuItem onClick={() => pick('move')}>{translate('pp.resellers.move')}</MenuItem> : null}
        <MenuItem onClick={() => pick('terms')}>{translate('pp.resellers.set_terms')}</MenuItem>
        {row.terms === 'postpaid' && owes ? <MenuItem onClick={() => pick('settle')}>{translate('pp.resellers.settle')}</MenuItem> : null}
      </Menu>
    </>
  );
}

export default function ResellersPage() {
  const translate = useTranslate();
  const format = useFormat();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canAccess: mayManage } = useCanAccess({ resource: 'operator', action: 'setOperatorResellerStatus' });
  const [dialog, setDialog] = useState<{ open: ResellerDialog; row: OperatorResellerRow | null } | null>(null);
  const [verifying, setVerifying] = useState<OperatorResellerRow | null>(null);
  const [names] = useState(() => new Map<number, string>());
  const { act } = useAnsweredAction(refresh);
  const pick = (what: ResellerDialog | 'verify', row: OperatorResellerRow) => (what === 'verify' ? setVerifying(row) : setDialog({ open: what, row }));
  const nextSettlement = (date: string) => format.date(`${date}T12:00:00Z`);

  return (
    <>
      <PageHeader
        title={translate('pp.resellers.title')}
        actions={
          mayManage ? (
            <Button variant="contained" aria-haspopup="dialog" onClick={() => setDialog({ open: 'open', row: null })}>
              {translate('pp.resellers.open')}
            </Button>
          ) : null
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('pp.resellers.intro')}
      </Typography>
      <PortalList resource="operator-resellers" storeKey="operator.resellers" sizes={PAGE_SIZES.coupons.options}>
        <FilterPanel testId="reseller-filters">
          <TextInput source="q" label="pp.resellers.search" helperText={false} />
          <SelectInput
            source="status"
            label="pp.resellers.status"
            helperText={false}
            emptyText="pp.resellers.any"
            choices={RESELLER_STATUSES.map((s) => ({ id: s, name: `pp.resellers.statuses.${s}` }))}
          />
          <SelectInput
            source="terms"
            label="pp.resellers.terms"
            helperText={false}
            emptyText="pp.resellers.any"
            choices={[
              { id: 'prepaid', name: 'pp.resellers.prepaid' },
              { id: 'postpaid', name: 'pp.resellers.postpaid' },
            ]}
          />
          <SelectInput
            source="kind"
            label="pp.resellers.kind"
            helperText={false}
            emptyText="pp.resellers.any"
            choices={[
              { id: 'admin', name: 'pp.resellers.admins' },
              { id: 'reseller', name: 'pp.resellers.others' },
            ]}
          />
        </FilterPanel>
        <ParentFilterNote names={names} />
        <ListTable rowTestId="reseller-row" label={translate('pp.resellers.title')}>
          <Col
            source="name"
            render={(r) => (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {r.name} <Typography component="span" variant="caption" color="text.secondary">#{r.id}</Typography>
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {r.email}
                </Typography>
                <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                  {r.is_admin ? <Chip size="small" variant="outlined" label={translate('pp.resellers.admin')} /> : null}
                  {!r.verified ? <Chip size="small" variant="outlined" color="warning" label={translate('pp.resellers.unverified')} /> : null}
                </Stack>
              </Box>
            )}
          />
          <Col
            source="parent"
            disableSort
            render={(r) => (r.is_admin ? <ChildrenLink row={r} remember={(id, name) => names.set(id, name)} /> : (r.parent?.name ?? translate('pp.resellers.on_its_own')))}
          />
          <Col
            source="status"
            disableSort
            render={(r) => <Chip size="small" color={STATUS_COLORS[r.status]} label={translate(`pp.resellers.statuses.${r.status}`)} title={r.suspension_reason ?? undefined} />}
          />
          <Col
            source="terms"
            disableSort
            render={(r) =>
              r.terms === 'postpaid' && r.next_settlement
                ? translate('pp.resellers.postpaid_terms', { limit: format.money(r.credit_limit), date: nextSettlement(r.next_settlement) })
                : translate('pp.resellers.prepaid')
            }
          />
          <Col source="balance" align="right" render={(r) => (r.balance < 0 ? translate('pp.resellers.owes', { amount: format.money(-r.balance) }) : format.money(r.balance))} />
          <Col source="spend_30d" align="right" render={(r) => format.money(r.spend_30d)} />
          <Col source="coupons" disableSort align="right" render={(r) => format.number(r.coupons)} />
          <Col source="created_at" render={(r) => format.date(r.created_at)} />
          {mayManage ? <Col source="actions" disableSort align="right" render={(r) => <ManageMenu row={r} onPick={pick} />} /> : null}
        </ListTable>
      </PortalList>
      {dialog ? (
        <Suspense fallback={null}>
          <ResellerDialogs open={dialog.open} reseller={dialog.row} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        target={verifying}
        onClose={() => setVerifying(null)}
        onConfirm={(row) => void act(['verify', row.id], (once) => dataProvider.call('verifyOperatorReseller', { id: row.id }, undefined, once))}
        labelId="verify-reseller-title"
        title={verifying ? translate('pp.resellers.verify_title', { name: verifying.name }) : ''}
        confirm="pp.resellers.verify"
        color="primary"
      >
        <Typography variant="body2">{translate('pp.resellers.verify_text')}</Typography>
      </ConfirmDialog>
    </>
  );
}
