/** A generic /{menu}/{submenu}/… address renders the shell (000 §2), with nothing of its own. */
import { Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';

export default function ShellPage() {
  const translate = useTranslate();
  usePageTitle('');
  return (
    <Card data-testid="shell-page">
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        {/* The page's one heading: every page has one, and here it is what the page has to say. */}
        <Typography variant="h6" component="h1" color="text.secondary">
          {translate('pp.shell.nothing_here')}
        </Typography>
        <Button component={Link} to="/dashboard" variant="outlined" sx={{ mt: 3 }}>
          {translate('pp.coming_soon.back')}
        </Button>
      </CardContent>
    </Card>
  );
}
