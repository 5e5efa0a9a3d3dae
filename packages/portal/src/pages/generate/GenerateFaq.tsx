/** The FAQ below the generate form. */
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'ra-core';

const ENTRIES = ['how', 'expiry', 'refund', 'types', 'addons', 'bulk'] as const;

export function GenerateFaq() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('pp.faq.title')}
      </Typography>
      {ENTRIES.map((key) => (
        <Accordion key={key} disableGutters>
          <AccordionSummary expandIcon={<ExpandIcon />}>
            <Typography sx={{ fontWeight: 600 }}>{translate(`pp.faq.${key}_q`)}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography color="text.secondary">{translate(`pp.faq.${key}_a`)}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
