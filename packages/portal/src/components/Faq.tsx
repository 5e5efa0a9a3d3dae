/** A frequently-asked-questions block: `${namespace}.${key}_q` and `_a` for each key. */
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'ra-core';

export function Faq({ namespace, keys }: { namespace: string; keys: readonly string[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('pp.faq.title')}
      </Typography>
      {keys.map((key) => (
        <Accordion key={key} disableGutters>
          <AccordionSummary expandIcon={<ExpandIcon />}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {translate(`${namespace}.${key}_q`)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography color="text.secondary">{translate(`${namespace}.${key}_a`)}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
