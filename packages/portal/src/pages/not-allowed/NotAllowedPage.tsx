/**
 * What a member sees at the address of a page their role does not allow: which role they hold,
 * who can change it, and a way back to a page that is theirs.
 */
import { Box, Button, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { usePaths } from '../../routing/usePaths';
import { useSessionUser } from '../../routing/useSessionUser';

export function NotAllowedPage() {
  const translate = useTranslate();
  const links = usePaths();
  const user = useSessionUser();
  const role = user ? translate(`pp.roles.${user.member.role}`) : '';
  return (
    <Box data-testid="not-allowed">
      <PageHeader title={translate('pp.not_allowed.title')} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', maxWidth: 640 }}>
        <BlockIcon color="action" aria-hidden sx={{ mt: 0.5 }} />
        <Box>
          <Typography sx={{ mb: 1 }}>{translate('pp.not_allowed.body', { role })}</Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('pp.not_allowed.ask')}
          </Typography>
          <Button variant="contained" component={Link} to={links.overview}>
            {translate('pp.not_allowed.back')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
