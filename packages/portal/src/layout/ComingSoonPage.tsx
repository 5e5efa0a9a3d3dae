/** The Coming Soon placeholder (002 §2) for screens that are not built yet. */
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { PageHeader } from '../components/PageHeader';

export default function ComingSoonPage({ title, body }: { title?: string; body?: string }) {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={title ? translate(title) : translate('pp.coming_soon.title')} />
      <Card data-testid="coming-soon">
        <CardContent sx={{ textAlign: 'center', py: 6 }}>
          <ConstructionIcon color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="p" sx={{ mt: 2, fontWeight: 600 }}>
            {translate('pp.coming_soon.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {body ? translate(body) : translate('pp.coming_soon.body')}
          </Typography>
          <Box sx={{ mt: 3 }}>
            <Button component={Link} to="/dashboard" variant="outlined">
              {translate('pp.coming_soon.back')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
