/**
 * The operator's white-label pipeline (issue 35) at white-label: the enquiries, newest first, each
 * with its status chip and owner, filtered by status, owner and a part of the brand or e-mail; Open
 * shows one in a panel (./EnquiryPanel) to move it on, give it an owner, note and reply. The server
 * lists them for the operator (the provider's own account) only.
 */
import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { DataTable, SelectInput, TextInput, useDataProvider, useListContext, useRefresh, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { PAGE_SIZES, WHITE_LABEL_STATUSES, type WhiteLabelEnquiryRow } from '@partner-panel/sdk';
import { LiveFilters } from '../../../components/FilterPanel';
import { useFormat } from '../../../components/format';
import { ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { PortalList } from '../../../components/PortalList';
import { EnquiryPanel, type Owner } from './EnquiryPanel';
import { StatusChip } from './StatusChip';

const Col = DataTable.Col<WhiteLabelEnquiryRow>;

function PipelineFilters({ owners }: { owners: Owner[] }) {
  const translate = useTranslate();
  return (
    <LiveFilters>
      <Box data-testid="pipeline-filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2, '& .MuiFormControl-root': { m: 0, width: { xs: '100%', sm: 220 } } }}>
        <SelectInput
          source="status"
          label="resources.white-label-enquiries.fields.status"
          helperText={false}
          emptyText="pp.pipeline.all"
          choices={WHITE_LABEL_STATUSES.map((s) => ({ id: s, name: `pp.pipeline.statuses.${s}` }))}
        />
        <SelectInput
          source="owner"
          label="resources.white-label-enquiries.fields.owner"
          helperText={false}
          emptyText="pp.pipeline.anybody"
          choices={[{ id: 'none', name: translate('pp.pipeline.nobody') }, ...owners.map((o) => ({ id: String(o.id), name: o.name }))]}
          translateChoice={false}
        />
        <TextInput source="search" label="pp.pipeline.search" helperText={false} resettable />
      </Box>
    </LiveFilters>
  );
}

/** The table and the open enquiry's panel: the panel shows the list's row, or the last answer once the filter hides it. */
function Pipeline({ owners }: { owners: Owner[] }) {
  const translate = useTranslate();
  const format = useFormat();
  const refresh = useRefresh();
  const { data } = useListContext<WhiteLabelEnquiryRow>();
  const [open, setOpen] = useState<WhiteLabelEnquiryRow | null>(null);
  const shown = open ? (data?.find((e) => e.id === open.id && e.updated_at >= open.updated_at) ?? open) : null;
  return (
    <>
      <ListTable rowTestId="white-label-row" label={translate('pp.white_label.list_title')}>
        <Col source="created_at" disableSort render={(e) => format.dateTime(e.created_at)} />
        <Col source="reseller_name" disableSort render={(e) => (
          <>
            <div>{e.reseller_name}</div>
            <Typography variant="body2" color="text.secondary">{e.reseller_email}</Typography>
          </>
        )} />
        <Col source="brand_name" disableSort />
        <Col source="expected_users" disableSort align="right" render={(e) => format.number(e.expected_users)} />
        <Col source="message" disableSort cellSx={() => ({ whiteSpace: 'pre-wrap', maxWidth: 320 })} />
        <Col source="status" disableSort render={(e) => <StatusChip status={e.status} />} />
        <Col source="owner" disableSort render={(e) => e.owner?.name ?? translate('pp.pipeline.nobody')} />
        <Col source="updated_at" disableSort render={(e) => format.dateTime(e.updated_at)} />
        <Col source="id" disableSort align="right" render={(e) => (
          <Button size="small" onClick={() => setOpen(e)} aria-haspopup="dialog" aria-label={translate('pp.pipeline.open_for', { brand: e.brand_name })}>
            {translate('pp.pipeline.open')}
          </Button>
        )} />
      </ListTable>
      {shown ? (
        <EnquiryPanel
          enquiry={shown}
          owners={owners}
          onClose={() => setOpen(null)}
          onChanged={(next) => {
            setOpen(next);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}

export default function WhiteLabelEnquiries() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const owners = useQuery({ queryKey: ['white-label-owners'], queryFn: () => dataProvider.read('whiteLabelOwners', {}) });
  return (
    <>
      <PageHeader title={translate('pp.white_label.list_title')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('pp.pipeline.intro')}
      </Typography>
      <PortalList resource="white-label-enquiries" storeKey="white-label.enquiries" sizes={PAGE_SIZES.coupons.options}>
        <PipelineFilters owners={owners.data ?? []} />
        <Pipeline owners={owners.data ?? []} />
      </PortalList>
    </>
  );
}
