/**
 * Sign-in's setup step (`rspf-login-1016`) inside the MUI frame it is written for: loaded only by
 * the few accounts that reach it, so /login itself carries no MUI.
 */
import { totpCode } from '@partner-panel/sdk';
import { Providers } from './PublicShell';
import { SecondFactorSetup } from './SecondFactorSetup';

export default function SecondFactorSetupStep(props: { challenge: string; onDone: () => void; onError: (message: string) => void }) {
  return (
    <Providers>
      <SecondFactorSetup {...props} schema={totpCode} />
    </Providers>
  );
}
