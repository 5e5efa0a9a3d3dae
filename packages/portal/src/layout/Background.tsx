/**
 * What the shell runs without showing anything: the live channel (../realtime/RealtimeBridge) and
 * react-admin's check for a new version. Loaded after the first screen's reads
 * (../components/afterReads), so that neither competes with what a person came to read.
 */
import { CheckForApplicationUpdate } from 'react-admin';
import { RealtimeBridge } from '../realtime/RealtimeBridge';

export default function Background() {
  return (
    <>
      <RealtimeBridge />
      <CheckForApplicationUpdate url="/" interval={5 * 60_000} />
    </>
  );
}
