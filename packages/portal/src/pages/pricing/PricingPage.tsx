/** Product Pricing (001 §2.2): the RECURSIVE and NON-RECURSIVE tables. Hidden for 903. */
import { Alert, Card, CardContent, Grid } from '@mui/material';
import { useTranslate } from 'ra-core';
import { errors, fallbackMessage } from '@partner-panel/sdk';
import { AddonPriceTable, PriceTable } from '../generate/PricingTables';
import { useProducts } from '../generate/useProducts';
import { PageHeader } from '../PageHeader';

const GROUPS = [
  ['recurring', 'pp.pricing.recursive'],
  ['onetime', 'pp.pricing.non_recursive'],
] as const;

export default function PricingPage() {
  const translate = useTranslate();
  const { data, error } = useProducts();
  return (
    <>
      <PageHeader title={translate('pp.nav.price')} />
      {error ? <Alert severity="error">{error.message || fallbackMessage(errors.fetchProducts)}</Alert> : null}
      <Grid container spacing={2}>
        {GROUPS.map(([key, title]) => (
          <Grid key={key} size={{ xs: 12, md: 6 }}>
            <Card>
              <CardContent>
                <PriceTable group={data?.[key]} title={translate(title)} />
                <AddonPriceTable group={data?.[key]} />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
