/**
 * The operator's white-label enquiries (ours) at white-label: newest first, who asked, for
 * which brand and how many users, and what they wrote. The server lists them for the operator (the
 * provider's own account) only, and answers anyone else with its refusal, shown in place of the rows.
 */
import { DataTable, useTranslate } from 'react-admin';
import { PAGE_SIZES, type WhiteLabelEnquiryRow } from '@partner-panel/sdk';
import { useFormat } from '../../../components/format';
import { ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { PortalList } from '../../../components/PortalList';

const Col = DataTable.Col<WhiteLabelEnquiryRow>;

export default function WhiteLabelEnquiries() {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <>
      <PageHeader title={translate('pp.white_label.list_title')} />
      <PortalList resource="white-label-enquiries" storeKey="white-label.enquiries" sizes={PAGE_SIZES.coupons.options}>
        <ListTable rowTestId="white-label-row" label={translate('pp.white_label.list_title')}>
          <Col source="created_at" disableSort render={(e) => format.dateTime(e.created_at)} />
          <Col source="reseller_name" disableSort />
          <Col source="reseller_email" disableSort />
          <Col source="brand_name" disableSort />
          <Col source="expected_users" disableSort align="right" render={(e) => format.number(e.expected_users)} />
          <Col source="message" disableSort cellSx={() => ({ whiteSpace: 'pre-wrap', maxWidth: 420 })} />
        </ListTable>
      </PortalList>
    </>
  );
}
