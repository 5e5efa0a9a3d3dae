/** Product Pricing (001 §2.2): the RECURSIVE and NON-RECURSIVE tables, from products/pricing. Hidden for 903. */
import { Card, CardContent, Grid } from '@mui/material';
import { useTranslate } from 'ra-core';
import { PageHeader } from '../../components/PageHeader';
import { AddonPriceTable, PriceTable } from './generate/PricingTables';
import { usePricing } from './generate/useProducts';

const GROUPS = [
  ['recurring', 'pp.pricing.recursive'],
  ['onetime', 'pp.pricing.non_recursive'],
] as const;

export default function PricingPage() {
  const translate = useTranslate();
  const { data } = usePricing();
  return (
    <>
      <PageHeader title={translate('pp.nav.price')} />
      <Grid container spacing={2}>
        {GROUPS.map(([key, title]) => (
          <Grid key={key} size={{ xs: 12, md: 6 }}>
            <Card>
              <CardContent>
                <PriceTable group={data?.[key]} title={translate(title)} level="h2" />
                <AddonPriceTable group={data?.[key]} />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
