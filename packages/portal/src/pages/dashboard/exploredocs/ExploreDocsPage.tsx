/**
 * Explore docs (002 §2, content ours): the five-minute quick start of the SDK's README — its example
 * taken from the README itself, so the page and the README cannot drift — and a link to the API
 * reference, a static page the build writes from docs/openapi.json and the server serves at
 * /api/docs (no script: a renderer embedded here cost about 950 kB of JavaScript).
 */
import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { API_REFERENCE_PATH, SDK_PACKAGE_PREFIX, contract, sdkPackageName } from '@partner-panel/sdk';
import { Link as RouterLink } from 'react-router-dom';
import readme from '../../../../../sdk/README.md?raw';
import { version as sdkVersion } from '../../../../../sdk/package.json';
import { CodeBlock } from '../../../components/CodeBlock';
import { PageHeader } from '../../../components/PageHeader';
import { usePaths } from '../../../routing/usePaths';
import { KEY_PLACEHOLDER, useSecretKeys } from '../../integration/secretKeys';

/** The SDK as this Partner Panel serves it, for `npm install <url>` (the README's install step, with this address). */
export const installCommand = (origin: string) => `npm install ${origin}${SDK_PACKAGE_PREFIX}${sdkPackageName(sdkVersion)}`;
/** The README's quick-start example, between its markers. */
export const QUICKSTART = /<!-- quickstart:start -->\s*```js\n([\s\S]*?)```\s*<!-- quickstart:end -->/.exec(readme)?.[1] ?? '';

export default function ExploreDocsPage() {
  const translate = useTranslate();
  const links = usePaths();
  const { data: keys } = useSecretKeys();
  const key = keys && !keys.sandbox.masked && keys.sandbox.SecretKey ? keys.sandbox.SecretKey : KEY_PLACEHOLDER;
  const origin = window.location.origin;

  return (
    <>
      <PageHeader title={translate('pp.docs.title')} />
      <Card component="section" aria-labelledby="quickstart-title" sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" id="quickstart-title" sx={{ mb: 1 }}>
            {translate('pp.docs.quickstart_title')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{translate('pp.docs.quickstart_intro')}</Typography>
          <Step n={1} text={translate('pp.docs.step_key')}>
            <Button component={RouterLink} to={links.keys} size="small" variant="outlined">
              {translate('pp.nav.keys')}
            </Button>
          </Step>
          <Step n={2} text={translate('pp.docs.step_install')}>
            <CodeBlock title={translate('pp.docs.install_title')} code={installCommand(origin)} testId="install-code" headingLevel="h3" />
          </Step>
          <Step n={3} text={translate('pp.docs.step_save')}>
            <CodeBlock title="quickstart.mjs" code={QUICKSTART} testId="quickstart-code" headingLevel="h3" />
          </Step>
          <Step n={4} text={translate('pp.docs.step_run')}>
            <CodeBlock
              title={translate('pp.docs.run_title')}
              code={`PARTNER_PANEL_URL=${origin} PARTNER_PANEL_SECRET_KEY=${key} node quickstart.mjs`}
              testId="quickstart-run"
              headingLevel="h3"
            />
          </Step>
          <Typography variant="body2" color="text.secondary">
            {translate('pp.docs.then')}{' '}
            <Link component={RouterLink} to={links.sandbox}>
              {translate('pp.nav.sandbox')}
            </Link>
          </Typography>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="reference-title">
        <CardContent>
          <Typography variant="h6" component="h2" id="reference-title" sx={{ mb: 1 }}>
            {translate('pp.docs.reference_title')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{translate('pp.docs.reference_intro')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            {/* Pages the server serves, not routes of the portal: plain links. */}
            <Button href={API_REFERENCE_PATH} variant="contained" data-testid="api-reference-link">
              {translate('pp.docs.open_reference')}
            </Button>
            <Link href={contract.openApi.path}>{translate('pp.docs.openapi_document')}</Link>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}

function Step({ n, text, children }: { n: number; text: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{`${n}. ${text}`}</Typography>
      {children}
    </Box>
  );
}
